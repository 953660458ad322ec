/** The end of a round: the devil's trick turned over, and each seat's score with its reason. */
import { useTranslation } from 'react-i18next';
import type { RoundResult } from '../../engine/index.js';
import { type SeatLabel, seatNumbers } from '../game/model.js';
import { formatInteger } from '../numbers.js';
import { Card } from './Card.js';
import { seatName } from './names.js';

export function RoundSummary({ result, seats }: { result: RoundResult; seats: readonly SeatLabel[] }) {
  const { t } = useTranslation();
  const players = result.scores.length;
  const why = (s: number): string => {
    const held = result.bottles.filter((b) => b.owner === s).length;
    if (held === 2) return t('summary.bothBottles', { points: result.devilPoints });
    if (held === 1) return t('summary.bottle', { points: result.devilPoints });
    return t('summary.won', { count: result.wonPoints[s] });
  };
  return (
    <div className="round-summary" data-testid="round-summary">
      <h3>{t('summary.devil', { count: result.devilPoints })}</h3>
      <div className="card-row">
        {result.devil.map((r) => (
          <Card key={r} rank={r} size="small" />
        ))}
      </div>
      <table className="summary-table">
        <thead>
          <tr>
            <th scope="col">{t('summary.player')}</th>
            <th scope="col">{t('summary.why')}</th>
            <th scope="col">{t('summary.score')}</th>
            <th scope="col">{t('summary.total')}</th>
          </tr>
        </thead>
        <tbody>
          {seatNumbers(players).map((s) => (
            <tr key={s}>
              <th scope="row">
                {result.teams && <span className={`chip team-chip team-${result.teams[s]}`}>{result.teams[s]}</span>}{' '}
                {seatName(seats, s, t)}
              </th>
              <td>
                {why(s)}
                {result.teams && <span className="muted"> · {t('summary.teamScore')}</span>}
              </td>
              <td className={result.scores[s] < 0 ? 'neg' : 'pos'}>{formatInteger(result.scores[s])}</td>
              <td>{formatInteger(result.totals[s])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
