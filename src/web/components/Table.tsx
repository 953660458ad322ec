/**
 * The game table for 2 to 6 players, drawn from one seat's TableView: the other seats
 * along the top, the bottle(s), the trick and the devil's trick in the middle, the
 * player's own seat and hand docked at the bottom, and side panels (log, chat, reference
 * card, score sheet) beside it or, on a phone, in a sheet over it. Everything it knows
 * about the rules comes from the view.
 */
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassChoice, Rank, TableView } from '../../engine/index.js';
import type { ChatMessage, ClientAction, ClientMessage } from '../../protocol/messages.js';
import type { ShownErrorCode } from '../errors.js';
import type { HintAnswer } from '../game/analysis.js';
import { formatRank } from '../game/cards.js';
import { type SeatLabel, seatsAround } from '../game/model.js';
import type { ArrivedEvent } from '../net/connection.js';
import { formatInteger } from '../numbers.js';
import { usePauseMs, usePrefs } from '../prefs.js';
import { BotAccountBadge } from './BotAccountBadge.js';
import { Bottles } from './Bottles.js';
import type { CardBadge } from './Card.js';
import { CardTracker, receivedBadges } from './CardTracker.js';
import { Chat } from './Chat.js';
import { formatClock, useSecondsLeft } from './clock.js';
import { DevilTrick } from './DevilTrick.js';
import { GameLog } from './GameLog.js';
import { Hand } from './Hand.js';
import { HintPanel } from './HintPanel.js';
import { Modal } from './Modal.js';
import { seatName } from './names.js';
import { PassPanel } from './PassPanel.js';
import { playedThisRound, ReferenceCard } from './ReferenceCard.js';
import { RoundSummary } from './RoundSummary.js';
import { ScoreChart, ScoreSheet } from './ScoreSheet.js';
import { SeatPanel } from './SeatPanel.js';
import { SideSheet } from './SideSheet.js';
import { statusLine } from './status-line.js';
import { previewText, TrickArea } from './TrickArea.js';
import {
  useLiftRelease,
  useRoundSummary,
  useSending,
  useStandInRounds,
  useTrickFlash,
  useUnread,
} from './table-hooks.js';

export interface TableProps {
  readonly view: TableView;
  readonly seats: readonly SeatLabel[];
  /** Per seat, the epoch-ms moment a bot stands in unless it acts (GameUpdate.clocks). */
  readonly clocks?: readonly (number | null)[];
  /** While the last round's summary is read, the epoch-ms moment the pass clocks start (GameUpdate.reading). */
  readonly reading?: number | null;
  /** Takes the seat back from the bot standing in for this player (shown while it is away). */
  readonly onBack?: () => Promise<string | null>;
  /** Live events, for the trick-won, bottle-sold and round-end animations. */
  readonly arrived?: readonly ArrivedEvent[];
  /** Sends an action; resolves to an error sentence, or null when accepted. */
  readonly onAct?: (action: ClientAction) => Promise<string | null>;
  readonly chat?: {
    readonly messages: readonly ChatMessage[];
    /** Resolves to the refusal's error code, or null when the message was taken. */
    readonly onSend: (m: ClientMessage<'chat:send'>) => Promise<ShownErrorCode | null>;
    readonly canSend: boolean;
    readonly spectators?: number;
  };
  readonly onRematch?: () => void;
  /** Shown in the game-over dialog and, once it is closed, under the table: e.g. a link to the replay. */
  readonly gameOverExtra?: ReactNode;
  /** Labels on cards of the player's own hand (a lesson's cards). */
  readonly badges?: ReadonlyMap<Rank, CardBadge>;
  /** The coach, when the host has it on: asks for a hint for this seat's move. */
  readonly coach?: { readonly ask: () => Promise<HintAnswer> };
}

export function Table({
  view,
  seats,
  clocks = [],
  reading = null,
  onBack,
  arrived = [],
  onAct,
  chat,
  onRematch,
  gameOverExtra,
  badges: extraBadges,
  coach,
}: TableProps) {
  const { t } = useTranslation();
  const pause = usePauseMs();
  const { prefs, setPrefs } = usePrefs();
  const me = view.viewer;
  const n = view.options.players;
  const { busy, error, act, run } = useSending(onAct);
  const [review, setReview] = useState(false);
  const [preview, setPreview] = useState<Rank | null>(null);
  const [lifted, setLifted] = useState<Rank | null>(null);
  const [gameOverClosed, setGameOverClosed] = useState(false);
  const unread = useUnread(chat?.messages ?? [], me);
  const seen = useRef(arrived.length > 0 ? arrived[arrived.length - 1].n : 0);
  const { summary, closeSummary } = useRoundSummary(arrived, seen.current, reading);
  const showSummary = summary !== null;

  const flash = useTrickFlash(arrived, seen, pause);

  const away = me !== null && seats[me]?.away === true;
  // While a bot stands in, the turn is the bot's: the hand is not offered to the player.
  const myTurn = !away && me !== null && view.phase === 'play' && view.toAct.includes(me);
  const standIn = useStandInRounds(away, view.round);
  const myClock = useSecondsLeft(me !== null && view.toAct.includes(me) ? (clocks[me] ?? null) : null, reading);
  // The summary is read while the pass clocks stand still, and closes when they start.
  const readingLeft = useSecondsLeft(showSummary && view.phase === 'pass' ? reading : null);
  const back = () => (onBack ? run(onBack) : undefined);
  const play = (card: Rank) => {
    setPreview(null);
    setLifted(null);
    void act({ type: 'play', card });
  };
  const describe = (card: Rank) => previewText(view, card, seats, t);
  const legal = new Set<Rank>(myTurn ? view.legal : []);
  // A lifted card counts only while it may still be played.
  const liftedCard = lifted !== null && legal.has(lifted) && !busy ? lifted : null;
  const lift = prefs.tap === 'once' ? undefined : { lifted: liftedCard, onLift: setLifted };
  useLiftRelease(liftedCard !== null, () => setLifted(null));
  const passing = me !== null && view.phase === 'pass' && !view.passed[me];
  const lastTrick = view.tricks.length > 0 ? view.tricks[view.tricks.length - 1] : null;
  const shown = review && lastTrick ? lastTrick : view.trick.cards.length === 0 ? flash : null;
  const others = seatsAround(n, me).filter((s) => s !== me);
  const justWon = (s: number) => (flash && !review && flash.winner === s ? (flash.bottle ? 'bottle' : 'trick') : null);
  const mySeat = me ?? null;
  const [hintBadges, setHintBadges] = useState<ReadonlyMap<Rank, CardBadge> | null>(null);
  const handBadges = new Map([...receivedBadges(view, seats, t), ...(hintBadges ?? []), ...(extraBadges ?? [])]);
  const passBadges = new Map([...(hintBadges ?? []), ...(extraBadges ?? [])]);

  const { status, received } = statusLine(view, seats, t, { away, myTurn });
  const showGameOver = view.phase === 'over' && !gameOverClosed && !showSummary;

  return (
    <div className={`table players-${n}`} data-testid="table" data-phase={view.phase}>
      <div className="felt">
        <div className="opponents">
          {others.map((s) => (
            <div key={s} className="opponent">
              <SeatPanel view={view} seat={s} seats={seats} clock={clocks[s]} reading={reading} justWon={justWon(s)} />
              {view.faceUp && (
                <Hand
                  cards={view.faceUp[s]}
                  choosable={null}
                  label={t('hand.faceUpOf', { who: seatName(seats, s, t) })}
                  caption={t('hand.faceUpCaption')}
                  testId={`faceup-${s}`}
                />
              )}
            </div>
          ))}
        </div>

        <div className="center">
          <Bottles view={view} seats={seats} soldBottle={shown?.bottle ?? null} />
          <TrickArea
            view={view}
            seats={seats}
            finished={shown}
            caption={review ? t('trick.review') : undefined}
            preview={myTurn ? (liftedCard ?? preview) : null}
          />
          <div className="center-side">
            <DevilTrick view={view} />
            {lastTrick && (
              <button
                type="button"
                className="btn small"
                aria-pressed={review}
                onClick={() => setReview(!review)}
                data-testid="last-trick"
              >
                {review ? t('trick.hideLast') : t('trick.showLast')}
              </button>
            )}
          </div>
        </div>

        <div className="mine">
          {mySeat !== null && (
            <SeatPanel
              view={view}
              seat={mySeat}
              seats={seats}
              clock={clocks[mySeat]}
              reading={reading}
              me
              justWon={justWon(mySeat)}
            />
          )}
          <p
            className={`status${myTurn || (passing && !away) ? ' urgent' : ''}`}
            role="status"
            aria-live="polite"
            data-testid="status"
          >
            {/* First, so that a long status never cuts it off; read out by the seat's timer
                instead, as a live region must not speak every second. */}
            {myClock !== null && (
              <span className="status-clock" aria-hidden="true" data-testid="my-clock">
                {t('clock.yours', { time: formatClock(myClock) })} ·{' '}
              </span>
            )}
            {status}
            {received && <span className="received"> · {t('status.received', { cards: received })}</span>}
          </p>
          {away && onBack && view.phase !== 'over' && (
            <button
              type="button"
              className="btn small primary seat-back"
              onClick={() => void back()}
              data-testid="seat-back"
            >
              {t('clock.back')}
            </button>
          )}
          {me !== null && (
            <button
              type="button"
              className="btn small"
              onClick={() => setPrefs({ sort: prefs.sort === 'suit' ? 'rank' : 'suit' })}
              data-testid="sort-toggle"
            >
              {prefs.sort === 'suit' ? t('hand.sortRank') : t('hand.sortSuit')}
            </button>
          )}
          {coach && <HintPanel view={view} ask={coach.ask} onBadges={setHintBadges} />}
          {/* Always in the layout, hidden while no card is lifted, so showing it moves nothing. */}
          {lift && me !== null && view.phase === 'play' && (
            <button
              type="button"
              className="btn primary play-lifted"
              data-keep-lift
              disabled={liftedCard === null}
              onClick={() => liftedCard !== null && play(liftedCard)}
              data-testid="play-lifted"
            >
              {t('hand.play', { card: formatRank(liftedCard ?? 0) })}
            </button>
          )}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          {view.phase === 'over' && gameOverClosed && (
            // "Look at the table" keeps what the game-over dialog offered within reach.
            <div className="over-actions" data-testid="over-actions">
              {onRematch && (
                <button type="button" className="btn primary small" onClick={onRematch} data-testid="rematch">
                  {t('over.rematch')}
                </button>
              )}
              <button type="button" className="btn small" onClick={() => setGameOverClosed(false)}>
                {t('over.results')}
              </button>
              {gameOverExtra}
            </div>
          )}
        </div>

        {passing && view.hand ? (
          <>
            {/* With 2 players the pass also decides what joins this row: it stays in sight. */}
            {view.faceUp && (
              <div className="my-cards faceup-mine">
                <Hand
                  cards={view.faceUp[me]}
                  choosable={null}
                  label={t('hand.myFaceUp')}
                  caption={t('hand.myFaceUp')}
                  testId="my-faceup"
                />
              </div>
            )}
            <PassPanel
              key={`${view.round}`}
              view={view}
              seats={seats}
              busy={busy}
              locked={away}
              badges={passBadges}
              onPass={(pass: PassChoice) => void act({ type: 'pass', pass: { ...pass, devil: [...pass.devil] } })}
            />
          </>
        ) : (
          me !== null && (
            <div className="my-cards">
              {view.faceUp && (
                <Hand
                  cards={view.faceUp[me]}
                  choosable={myTurn ? legal : null}
                  onChoose={play}
                  onPreview={setPreview}
                  describe={describe}
                  badges={handBadges}
                  lift={lift}
                  focusable={view.phase === 'play'}
                  label={t('hand.myFaceUp')}
                  caption={t('hand.myFaceUp')}
                  testId="my-faceup"
                />
              )}
              <Hand
                cards={view.hand ?? []}
                choosable={myTurn ? legal : null}
                onChoose={play}
                onPreview={setPreview}
                describe={describe}
                badges={handBadges}
                lift={lift}
                focusable={view.phase === 'play'}
                label={t('hand.yours')}
                caption={view.faceUp ? t('hand.yours') : undefined}
                digitKeys
                testId="hand"
              />
            </div>
          )
        )}
      </div>

      <SideSheet
        initial={chat ? 'chat' : 'log'}
        onView={unread.onView}
        panels={[
          { id: 'log', label: t('side.log'), render: () => <GameLog view={view} seats={seats} /> },
          chat && {
            id: 'chat',
            label: t('side.chat'),
            badge: unread.count,
            render: () => (
              <Chat messages={chat.messages} onSend={chat.onSend} canSend={chat.canSend} spectators={chat.spectators} />
            ),
          },
          { id: 'tracker', label: t('tracker.tab'), render: () => <CardTracker view={view} seats={seats} /> },
          {
            id: 'reference',
            label: t('side.reference'),
            render: () => <ReferenceCard extended={n >= 5} played={playedThisRound(view)} />,
          },
          {
            id: 'scores',
            label: t('side.scores'),
            render: () => <ScoreSheet results={view.results} seats={seats} players={n} />,
          },
        ]}
      />

      {summary !== null && (
        <Modal title={t('summary.title', { n: summary.round + 1 })} onClose={closeSummary} testId="summary-dialog">
          <RoundSummary result={summary} seats={seats} />
          {standIn.has(summary.round) && (
            <p className="stand-in-note" data-testid="summary-stand-in">
              {t('clock.standInRound')}
            </p>
          )}
          {/* The next pass's clock: it starts when this closes, or it already runs (a late arrival). */}
          {myClock !== null && view.phase === 'pass' && (
            <p className="summary-clock" data-testid="summary-clock">
              {readingLeft !== null && readingLeft > 0
                ? t('clock.summaryReading', { time: formatClock(readingLeft), clock: formatClock(myClock) })
                : t('clock.summaryPass', { time: formatClock(myClock) })}
            </p>
          )}
          <button
            type="button"
            className="btn primary"
            onClick={closeSummary}
            data-autofocus
            data-testid="summary-continue"
          >
            {t('common.continue')}
          </button>
        </Modal>
      )}
      {showGameOver && (
        <Modal title={t('over.title')} onClose={() => setGameOverClosed(true)} wide testId="game-over">
          <GameOverBody view={view} seats={seats} />
          {standIn.size > 0 && (
            <p className="stand-in-note" data-testid="over-stand-in">
              {t('clock.standInGame', { count: standIn.size })}
            </p>
          )}
          {gameOverExtra}
          <div className="actions">
            {onRematch && (
              <button type="button" className="btn primary" onClick={onRematch} data-autofocus data-testid="rematch">
                {t('over.rematch')}
              </button>
            )}
            <button type="button" className="btn" onClick={() => setGameOverClosed(true)}>
              {t('over.viewTable')}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

function GameOverBody({ view, seats }: { view: TableView; seats: readonly SeatLabel[] }) {
  const { t } = useTranslation();
  const winners = view.winners ?? [];
  const order = view.totals.map((total, s) => ({ s, total })).sort((a, b) => b.total - a.total);
  return (
    <div className="game-over">
      <p className="winners" data-testid="winners">
        {t('over.winners', { names: winners.map((s) => seatName(seats, s, t)).join(', '), count: winners.length })}
      </p>
      <ol className="ranking">
        {order.map(({ s, total }) => (
          <li key={s} className={winners.includes(s) ? 'winner' : undefined}>
            <span className={`dot seat-color-${s}`} aria-hidden="true" /> <span>{seatName(seats, s, t)}</span>
            <BotAccountBadge of={seats[s]} /> <strong>{formatInteger(total)}</strong>
          </li>
        ))}
      </ol>
      <ScoreChart results={view.results} seats={seats} players={view.options.players} />
    </div>
  );
}
