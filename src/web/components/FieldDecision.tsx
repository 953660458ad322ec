/**
 * The field's choices at one of seat 1's decisions in a daily deal (docs/protocol.md,
 * `GET /api/daily/:date/choices`): what was chosen there, by how many, and their average
 * points from there, the game's own choice marked. Shown on the day's results page and,
 * step by step, on the game's replay.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { actionText } from '../game/analysis.js';
import type { DailyDecision } from '../net/daily.js';
import { formatInteger, formatPoints } from '../numbers.js';

/** The decision's name on the results page: the player's pass, or its trick. */
export function decisionTitle(d: DailyDecision, t: TFunction): string {
  return d.decision === 0 ? t('daily.passed') : t('daily.trick', { n: formatInteger(d.decision) });
}

/** The decision's name on a replay, whoever played it: its round, then the pass or its trick. */
export function replayDecisionTitle(d: DailyDecision, t: TFunction): string {
  const what = d.decision === 0 ? t('daily.pass') : t('daily.trick', { n: formatInteger(d.decision) });
  return `${t('daily.round', { n: formatInteger(d.hand + 1) })} · ${what}`;
}

/** `mark`: the words beside the game's own choice. */
export function FieldDecision({ decision: d, title, mark }: { decision: DailyDecision; title: string; mark: string }) {
  const { t } = useTranslation();
  const chosen = JSON.stringify(d.chosen);
  return (
    <table className="daily-ranking daily-decision" aria-label={title}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('daily.choice')}</th>
          <th scope="col">{t('daily.count')}</th>
          <th scope="col">{t('daily.average')}</th>
        </tr>
      </thead>
      <tbody>
        {d.choices.map((c) => {
          const own = JSON.stringify(c.action) === chosen;
          return (
            <tr key={JSON.stringify(c.action)} className={own ? 'own' : undefined}>
              <th scope="row">
                {actionText(c.action, t)}
                {own && <span className="daily-you"> {mark}</span>}
              </th>
              <td>{formatInteger(c.players)}</td>
              <td>{formatPoints(c.score)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
