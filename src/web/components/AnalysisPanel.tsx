/**
 * The analysis of a finished game in the replay viewer: asks the server for it (POST, then
 * GET until done, showing the queue position and progress) or opens a file written by
 * `bottle-imp analyse --json`; then shows each player's accuracy, a timeline of expected
 * points lost, the decisions at the current step, this round's move list with its mistakes
 * marked, and jumps to the next mistake of a chosen player. The hook that fetches it is
 * useGameAnalysis; the values of the legal cards go on the cards themselves
 * (analysis-badges.ts, used by the replay's hands).
 */
import type { TFunction } from 'i18next';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rank } from '../../engine/index.js';
import {
  type AnalysedDecision,
  type Analysis,
  actionText,
  decisionsAt,
  MARKS,
  nextFlaw,
  reasonText,
  stepOf,
} from '../game/analysis.js';
import { formatRank } from '../game/cards.js';
import type { SeatLabel } from '../game/model.js';
import type { ReplayStep } from '../game/replay.js';
import { formatPercent, formatPoints } from '../numbers.js';
import { AnalysisTimeline } from './AnalysisTimeline.js';
import { seatName } from './names.js';
import type { GameAnalysis } from './useGameAnalysis.js';
import '../coach.css';

export interface AnalysisPanelProps {
  readonly state: GameAnalysis;
  readonly steps: readonly ReplayStep[];
  readonly at: number;
  readonly onJump: (step: number) => void;
  readonly seats: readonly SeatLabel[];
}

export function AnalysisPanel({ state, steps, at, onJump, seats }: AnalysisPanelProps) {
  const { t } = useTranslation();
  const { analysis, reply, error } = state;
  const openFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) state.open(await file.text());
  };

  return (
    <section className="panel analysis" aria-labelledby="analysis-title" data-testid="analysis">
      <h2 id="analysis-title">{t('analysis.title')}</h2>
      {!analysis && (
        <div className="analysis-start">
          {state.start && (reply === null || reply.status === 'none') && (
            <button type="button" className="btn primary" onClick={state.start} data-testid="analyse">
              {t('analysis.analyse')}
            </button>
          )}
          {reply?.status === 'queued' && (
            <p role="status" data-testid="analysis-status">
              {t('analysis.queued', { position: reply.position })}
            </p>
          )}
          {reply?.status === 'running' && (
            <p role="status" data-testid="analysis-status">
              {t('analysis.running')}
            </p>
          )}
          <p className="muted small">{t('analysis.about')}</p>
          <label className="file-open small">
            {t('analysis.openFile')}{' '}
            <input
              type="file"
              accept=".json,application/json"
              onChange={(e) => void openFile(e)}
              data-testid="analysis-file"
            />
          </label>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {analysis && <AnalysisBody analysis={analysis} steps={steps} at={at} onJump={onJump} seats={seats} />}
    </section>
  );
}

function AnalysisBody({
  analysis,
  steps,
  at,
  onJump,
  seats,
}: {
  analysis: Analysis;
  steps: readonly ReplayStep[];
  at: number;
  onJump: (i: number) => void;
  seats: readonly SeatLabel[];
}) {
  const { t } = useTranslation();
  const [player, setPlayer] = useState(analysis.players[0]?.seat ?? 0);
  const [noMore, setNoMore] = useState(false);
  const step = steps[Math.min(at, steps.length - 1)];
  const here = decisionsAt(analysis, step);
  const round = analysis.decisions.map((d, i) => ({ d, i })).filter(({ d }) => d.round === step.round);
  const name = (s: number) => seatName(seats, s, t);

  const next = () => {
    const i = nextFlaw(analysis, steps, at, player);
    setNoMore(i === null);
    if (i !== null) onJump(i);
  };

  return (
    <div className="analysis-body">
      <table className="analysis-players" data-testid="analysis-players">
        <thead>
          <tr>
            <th>{t('analysis.player')}</th>
            <th>{t('analysis.accuracy')}</th>
            <th>{t('analysis.lost')}</th>
            <th title={t('analysis.flawsTitle')}>?! / ? / ??</th>
          </tr>
        </thead>
        <tbody>
          {analysis.players.map((p) => (
            <tr key={p.seat}>
              <td>
                <span className={`dot seat-color-${p.seat}`} aria-hidden="true" /> {name(p.seat)}
              </td>
              <td>{formatPercent(Math.round(p.accuracy) / 100)}</td>
              <td>{formatPoints(p.expectedLoss)}</td>
              <td>
                {p.counts.inaccuracy} / {p.counts.mistake} / {p.counts.blunder}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <AnalysisTimeline analysis={analysis} steps={steps} at={at} seats={seats} onJump={onJump} />

      <div className="analysis-jump">
        <label>
          <span className="sr-only">{t('analysis.player')}</span>
          <select value={player} onChange={(e) => setPlayer(Number(e.target.value))} data-testid="analysis-player">
            {analysis.players.map((p) => (
              <option key={p.seat} value={p.seat}>
                {name(p.seat)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn small" onClick={next} data-testid="next-mistake">
          {t('analysis.nextMistake')}
        </button>
        {noMore && (
          <span className="muted small" role="status">
            {t('analysis.noMore', { who: name(player) })}
          </span>
        )}
      </div>

      <div className="analysis-here" data-testid="analysis-here" aria-live="polite">
        {here.length === 0 && <p className="muted small">{t('analysis.nothingHere')}</p>}
        {here.map((d) => (
          <p key={`${d.seat}-${d.play}`} className={`analysis-decision class-${d.class}`}>
            <strong>{name(d.seat)}</strong> {describeDecision(d, t)}
            {MARKS[d.class] && <span className={`mark tone-${d.class}`}> {MARKS[d.class]}</span>}{' '}
            <span className="muted">· {t(`analysis.class.${d.class}`)}</span>
            {d.loss > 0 && d.class !== 'forced' && (
              <span> · {t('analysis.bestWas', { best: actionText(d.best, t), loss: formatPoints(d.loss) })}</span>
            )}
            <br />
            <span className="muted small">{reasonText(d, t)}</span>
          </p>
        ))}
      </div>

      <ol
        className="analysis-moves"
        data-testid="analysis-moves"
        aria-label={t('analysis.moves', { n: step.round + 1 })}
      >
        {round.map(({ d, i }) => {
          const s = stepOf(d, steps);
          return (
            <li key={i} className={`${s === at ? 'current' : ''} class-${d.class}`}>
              <button type="button" className="link" onClick={() => onJump(s)} data-testid={`move-${i}`}>
                {name(d.seat)} {d.kind === 'card' ? formatRank(d.chosen as Rank) : t('analysis.pass')}
                {MARKS[d.class] && <span className={`mark tone-${d.class}`}>{MARKS[d.class]}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function describeDecision(d: AnalysedDecision, t: TFunction): string {
  return d.kind === 'card'
    ? t('analysis.played', { card: actionText(d.chosen, t) })
    : t('analysis.passed', { pass: actionText(d.chosen, t) });
}
