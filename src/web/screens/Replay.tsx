/**
 * The replay viewer: a finished game from the server (#/replay/ID) or a bottle-imp/1
 * record opened from disk, stepped through card by card or trick by trick with every hand
 * revealed, or played on by itself (Play/Pause; #/replay/ID/play starts playing). A daily
 * deal's game (#/replay/ID/daily/DATE) shows at each of seat 1's decisions what the field
 * chose there, once the day's results are readable to the viewer.
 */
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TableView, view } from '../../engine/index.js';
import type { BotLevel } from '../../protocol/messages.js';
import { type GameRecord, parseRecord } from '../../record/index.js';
import { AnalysisPanel } from '../components/AnalysisPanel.js';
import { optionBadges } from '../components/analysis-badges.js';
import { Bottles } from '../components/Bottles.js';
import { Card } from '../components/Card.js';
import { downloadRecord } from '../components/download.js';
import { FieldDecision, replayDecisionTitle } from '../components/FieldDecision.js';
import { Hand } from '../components/Hand.js';
import { seatName } from '../components/names.js';
import { ScoreSheet } from '../components/ScoreSheet.js';
import { SeatPanel } from '../components/SeatPanel.js';
import { TrickArea } from '../components/TrickArea.js';
import { type GameAnalysis, useGameAnalysis } from '../components/useGameAnalysis.js';
import { errorText } from '../errors.js';
import { decisionsAt } from '../game/analysis.js';
import { namedSeats, seatNumbers } from '../game/model.js';
import { gameAt, isTrickBoundary, type ReplayStep, replaySteps } from '../game/replay.js';
import { ApiError, getGame, getRecord } from '../net/api.js';
import { type DailyDecision, dailyChoices } from '../net/daily.js';
import { useOfflineAnalysis } from '../offline/analysis.js';
import { getFinished } from '../offline/store.js';
import type { FinishedOffline } from '../offline/types.js';
import { usePauseMs } from '../prefs.js';

export function Replay({
  gameId,
  autoplay = false,
  offline = false,
  coach = false,
  daily,
}: {
  gameId: string | null;
  autoplay?: boolean;
  /** The game was played offline: it is read from this browser, and analysed here. */
  offline?: boolean;
  /** Ask the server for the game's analysis at once (a profile's "Replay with the coach"). */
  coach?: boolean;
  /** The day of a daily deal's game (YYYY-MM-DD): the field's choices are shown along it. */
  daily?: string | undefined;
}) {
  const { t } = useTranslation();
  const [record, setRecord] = useState<{
    game: GameRecord;
    bots: readonly (BotLevel | null)[];
    botAccounts: readonly boolean[];
  } | null>(null);
  const [kept, setKept] = useState<FinishedOffline | null>(null);
  // A file opened on the page is not the daily game the page was opened for: no field's choices along it.
  const [fromFile, setFromFile] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A file names its seats only; a game from the server also says which were bots and bot accounts.
  const load = useCallback(
    (text: string, bots: readonly (BotLevel | null)[] = [], botAccounts: readonly boolean[] = []) => {
      const parsed = parseRecord(text);
      if (parsed.ok) {
        setRecord({ game: parsed.value, bots, botAccounts });
        setError(null);
      } else setError(parsed.error);
    },
    [],
  );

  useEffect(() => {
    if (!gameId || !offline) return;
    getFinished(gameId).then(
      (game) => {
        if (!game) return setError(errorText(t, 'ERR_NO_GAME'));
        setKept(game);
        load(game.record, game.bots);
      },
      (e: unknown) => setError(String(e)),
    );
  }, [gameId, offline, load, t]);

  useEffect(() => {
    if (!gameId || offline) return;
    Promise.all([getRecord(gameId), getGame(gameId)]).then(
      ([text, game]) => load(text, game.bots, game.botAccounts),
      (e: unknown) => setError(e instanceof ApiError ? errorText(t, e.code) : String(e)),
    );
  }, [gameId, offline, load, t]);

  const open = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    // A file opened here is a game of its own, not the offline game the page was opened for.
    setKept(null);
    setFromFile(true);
    load(await file.text());
  };

  return (
    <main className="page replay-page" data-testid="replay">
      <div className="panel">
        <h1>{t('replay.title')}</h1>
        <label className="file-open">
          {t('replay.open')}{' '}
          <input type="file" accept=".json,application/json" onChange={(e) => void open(e)} data-testid="record-file" />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      {record &&
        (offline ? (
          <OfflineBoard
            key={JSON.stringify(record.game).length}
            record={record.game}
            bots={record.bots}
            botAccounts={record.botAccounts}
            kept={kept}
            autoplay={autoplay}
          />
        ) : (
          <ServerBoard
            key={JSON.stringify(record.game).length}
            record={record.game}
            bots={record.bots}
            botAccounts={record.botAccounts}
            gameId={gameId}
            autoplay={autoplay}
            coach={coach}
            daily={fromFile ? undefined : daily}
          />
        ))}
    </main>
  );
}

interface BoardProps {
  readonly record: GameRecord;
  readonly bots: readonly (BotLevel | null)[];
  readonly botAccounts: readonly boolean[];
  readonly autoplay: boolean;
}

/**
 * A game from the server or a file: its analysis is the server's, or one opened from a file;
 * a daily deal's, with the field's choices along it.
 */
function ServerBoard({
  gameId,
  coach,
  daily,
  ...props
}: BoardProps & { gameId: string | null; coach: boolean; daily: string | undefined }) {
  return <ReplayBoard {...props} coach={useGameAnalysis(gameId, coach)} field={useFieldChoices(daily, gameId)} />;
}

/** The field's choices along a daily game; none while they are not readable (the day's results are not). */
function useFieldChoices(daily: string | undefined, gameId: string | null): readonly DailyDecision[] | null {
  const [decisions, setDecisions] = useState<readonly DailyDecision[] | null>(null);
  useEffect(() => {
    if (!daily || !gameId) return;
    let live = true;
    dailyChoices(daily, gameId).then(
      (c) => live && setDecisions(c.decisions),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [daily, gameId]);
  return daily && gameId ? decisions : null;
}

/** A game played offline: analysed in this browser, its record downloaded from here. */
function OfflineBoard({ kept, ...props }: BoardProps & { kept: FinishedOffline | null }) {
  const { t } = useTranslation();
  return (
    <>
      <ReplayBoard {...props} coach={useOfflineAnalysis(kept)} />
      {kept && (
        <div className="panel">
          <button
            type="button"
            className="btn"
            onClick={() => downloadRecord(kept.id, kept.record)}
            data-testid="offline-download"
          >
            {t('replays.download')}
          </button>
        </div>
      )}
    </>
  );
}

function ReplayBoard({
  record,
  bots,
  botAccounts,
  autoplay,
  coach,
  field = null,
}: BoardProps & { coach: GameAnalysis; field?: readonly DailyDecision[] | null }) {
  const { t } = useTranslation();
  const steps = useMemo(() => replaySteps(record), [record]);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(autoplay);
  const pause = usePauseMs();
  // Playing on: one card per beat (the table's animation pause, at least 0.4 s), stopping at the end.
  useEffect(() => {
    if (!playing) return;
    if (at >= steps.length - 1) return setPlaying(false);
    const id = setTimeout(() => setAt((a) => Math.min(steps.length - 1, a + 1)), Math.max(400, pause / 2));
    return () => clearTimeout(id);
  }, [playing, at, steps.length, pause]);
  const step = steps[Math.min(at, steps.length - 1)];
  const game = useMemo(() => gameAt(record, step), [record, step]);
  const seats = namedSeats(record.players, bots, botAccounts);
  const pub = view(game, null);
  const n = record.options.players;
  const lastTrick = pub.tricks.length > 0 && pub.trick.cards.length === 0 ? pub.tricks[pub.tricks.length - 1] : null;
  const passes = game.log[game.log.length - 1]?.passes ?? [];
  const devil = passes.flatMap((p) => (p ? [...p.devil] : []));
  const choice = coach.analysis ? decisionsAt(coach.analysis, step).find((d) => d.kind === 'card') : undefined;

  const jump = (dir: 1 | -1, boundary: (i: number) => boolean) => {
    let i = at + dir;
    while (i > 0 && i < steps.length - 1 && !boundary(i)) i += dir;
    setAt(Math.max(0, Math.min(steps.length - 1, i)));
  };
  // A jump from the analysis (far below the board on a phone) brings the board into view,
  // the seat to move in the middle, so its cards' values are seen at once.
  const board = useRef<HTMLDivElement>(null);
  const [jumped, setJumped] = useState(0);
  const jumpTo = (i: number) => {
    setAt(i);
    setJumped((n) => n + 1);
  };
  useEffect(() => {
    if (jumped === 0) return;
    const seat = board.current?.querySelector('.replay-seat:has(.card-badge)') ?? board.current;
    seat?.scrollIntoView({ block: 'center' });
  }, [jumped]);
  const trickStep = (i: number) => isTrickBoundary(record, steps[i]);
  const roundStep = (i: number) => steps[i].plays === -1;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.closest('input, select, textarea')) return;
      if (e.key === 'ArrowRight') setAt((a) => Math.min(steps.length - 1, a + 1));
      if (e.key === 'ArrowLeft') setAt((a) => Math.max(0, a - 1));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [steps.length]);

  return (
    <div className="replay-board">
      <div className="replay-controls panel" role="toolbar" aria-label={t('replay.controls')}>
        <button type="button" className="btn" onClick={() => jump(-1, roundStep)} aria-label={t('replay.prevRound')}>
          |◄◄
        </button>
        <button type="button" className="btn" onClick={() => jump(-1, trickStep)} aria-label={t('replay.prevTrick')}>
          ◄◄
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => setAt(Math.max(0, at - 1))}
          aria-label={t('replay.prevCard')}
        >
          ◄
        </button>
        <button
          type="button"
          className="btn primary"
          aria-pressed={playing}
          onClick={() => setPlaying(!playing && at < steps.length - 1)}
          data-testid="replay-play"
        >
          {playing ? t('replay.pause') : t('replay.play')}
        </button>
        <span className="replay-where" aria-live={playing ? 'off' : 'polite'} data-testid="replay-where">
          {t('replay.where', {
            round: step.round + 1,
            plays: Math.max(0, step.plays),
            step: at + 1,
            count: steps.length,
          })}
        </span>
        <button
          type="button"
          className="btn"
          onClick={() => setAt(Math.min(steps.length - 1, at + 1))}
          aria-label={t('replay.nextCard')}
          data-testid="replay-next"
        >
          ►
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => jump(1, trickStep)}
          aria-label={t('replay.nextTrick')}
          data-testid="replay-next-trick"
        >
          ►►
        </button>
        <button type="button" className="btn" onClick={() => jump(1, roundStep)} aria-label={t('replay.nextRound')}>
          ►►|
        </button>
        <input
          type="range"
          min={0}
          max={steps.length - 1}
          value={at}
          onChange={(e) => setAt(Number(e.target.value))}
          aria-label={t('replay.position')}
        />
      </div>

      <div className="replay-table" ref={board}>
        <div className="center">
          <Bottles view={pub} seats={seats} />
          <TrickArea
            view={pub}
            seats={seats}
            finished={lastTrick}
            caption={step.plays < 0 ? t('replay.dealt') : undefined}
          />
          {devil.length > 0 && (
            <section className="devil-open" aria-label={t('replay.devil')}>
              <span className="muted small">{t('replay.devil')}</span>
              <div className="card-row">
                {devil.map((r) => (
                  <Card key={r} rank={r} size="tiny" />
                ))}
              </div>
            </section>
          )}
        </div>
        <div className="replay-seats">
          {seatNumbers(n).map((s) => {
            const own = view(game, s);
            const badges =
              choice && coach.analysis && choice.seat === s
                ? optionBadges(choice, coach.analysis.thresholds, t)
                : undefined;
            return (
              <div key={s} className="replay-seat">
                <SeatPanel view={pub} seat={s} seats={seats} />
                <Hand
                  cards={own.hand ?? []}
                  choosable={null}
                  label={t('hand.of', { who: seatName(seats, s, t) })}
                  badges={badges}
                  closeUp
                />
                {own.faceUp && (
                  <Hand
                    cards={own.faceUp[s]}
                    choosable={null}
                    label={t('hand.faceUpOf', { who: seatName(seats, s, t) })}
                    badges={badges}
                    closeUp
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {field && <FieldHere decisions={field} step={step} view={pub} />}
      <AnalysisPanel state={coach} steps={steps} at={at} onJump={jumpTo} seats={seats} />
      <div className="panel">
        <h2>{t('side.scores')}</h2>
        <ScoreSheet results={pub.results} seats={seats} players={n} />
      </div>
    </div>
  );
}

/**
 * The field's choices at the step shown, when it is one of seat 1's decisions: a hand's
 * pass as dealt, or seat 1's turn to play. Elsewhere a line says where they appear, so
 * the panel keeps its place as the replay steps on.
 */
function FieldHere({
  decisions,
  step,
  view: pub,
}: {
  decisions: readonly DailyDecision[];
  step: ReplayStep;
  view: TableView;
}) {
  const { t } = useTranslation();
  const decision = step.plays < 0 ? 0 : pub.phase === 'play' && pub.toAct.includes(0) ? pub.tricks.length + 1 : null;
  const here = decisions.find((d) => d.hand === step.round && d.decision === decision);
  return (
    <section className="panel replay-field" aria-label={t('daily.choicesTitle')} data-testid="replay-field">
      {here ? (
        <FieldDecision decision={here} title={replayDecisionTitle(here, t)} mark={t('daily.thisGame')} />
      ) : (
        <p className="muted small">{t('daily.choicesAt')}</p>
      )}
    </section>
  );
}
