/**
 * The game table for 2 to 6 players, drawn from one seat's TableView: the other seats
 * around the top, the bottle(s), the trick and the devil's trick in the middle, the
 * player's own seat and hand at the bottom, and a side panel with log, chat, reference
 * card and score sheet. Everything it knows about the rules comes from the view.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompletedTrick, PassChoice, Rank, RoundResult, TableView } from '../../engine/index.js';
import type { ChatMessage, ClientAction, ClientMessage } from '../../protocol/messages.js';
import { formatRank } from '../game/cards.js';
import { type SeatLabel, seatsAround } from '../game/model.js';
import type { ArrivedEvent } from '../net/connection.js';
import { usePauseMs, usePrefs } from '../prefs.js';
import { Bottles } from './Bottles.js';
import type { CardBadge } from './Card.js';
import { CardTracker, receivedBadges } from './CardTracker.js';
import { Chat } from './Chat.js';
import { DevilTrick } from './DevilTrick.js';
import { GameLog } from './GameLog.js';
import { Hand } from './Hand.js';
import { Modal } from './Modal.js';
import { seatName } from './names.js';
import { PassPanel } from './PassPanel.js';
import { playedThisRound, ReferenceCard } from './ReferenceCard.js';
import { RoundSummary } from './RoundSummary.js';
import { ScoreChart, ScoreSheet } from './ScoreSheet.js';
import { SeatPanel } from './SeatPanel.js';
import { previewText, TrickArea } from './TrickArea.js';

export interface TableProps {
  readonly view: TableView;
  readonly seats: readonly SeatLabel[];
  readonly deadline?: number | null;
  /** Live events, for the trick-won, bottle-sold and round-end animations. */
  readonly arrived?: readonly ArrivedEvent[];
  /** Sends an action; resolves to an error sentence, or null when accepted. */
  readonly onAct?: (action: ClientAction) => Promise<string | null>;
  readonly chat?: { readonly messages: readonly ChatMessage[]; readonly onSend: (m: ClientMessage<'chat:send'>) => void; readonly canSend: boolean };
  readonly onRematch?: () => void;
  /** Shown in the game-over dialog, e.g. a link to the replay. */
  readonly gameOverExtra?: ReactNode;
  /** Labels on cards of the player's own hand (a hint's values, a lesson's card). */
  readonly badges?: ReadonlyMap<Rank, CardBadge>;
}

type Tab = 'log' | 'chat' | 'tracker' | 'reference' | 'scores';

export function Table({ view, seats, deadline = null, arrived = [], onAct, chat, onRematch, gameOverExtra, badges: extraBadges }: TableProps) {
  const { t } = useTranslation();
  const pause = usePauseMs();
  const { prefs, setPrefs } = usePrefs();
  const me = view.viewer;
  const n = view.options.players;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>(chat ? 'chat' : 'log');
  const [review, setReview] = useState(false);
  const [preview, setPreview] = useState<Rank | null>(null);
  const [flash, setFlash] = useState<CompletedTrick | null>(null);
  const [summaryClosed, setSummaryClosed] = useState(-1);
  const [gameOverClosed, setGameOverClosed] = useState(false);
  const seen = useRef(arrived.length > 0 ? arrived[arrived.length - 1].n : 0);
  const [mountedAt] = useState(seen.current);

  // A round that ended while we watched shows its summary until closed. It is worked out
  // during rendering, so the game-over dialog never shows before the last round's summary.
  const summary = lastRoundScored(arrived, mountedAt);
  const showSummary = summary !== null && summary.round > summaryClosed;
  const closeSummary = () => setSummaryClosed(summary?.round ?? summaryClosed);

  // The last finished trick of what arrived since the last render stays a moment.
  useEffect(() => {
    const fresh = arrived.filter((a) => a.n > seen.current);
    if (fresh.length === 0) return;
    seen.current = fresh[fresh.length - 1].n;
    let trick: CompletedTrick | null = null;
    for (const { event } of fresh) {
      if (event.type === 'trickWon') trick = event.trick;
      if (event.type === 'cardPlayed') trick = null;
    }
    if (trick && pause > 0) setFlash(trick);
  }, [arrived, pause]);
  useEffect(() => {
    if (!flash) return;
    const id = setTimeout(() => setFlash(null), pause);
    return () => clearTimeout(id);
  }, [flash, pause]);

  const act = async (action: ClientAction) => {
    if (!onAct || busy) return;
    setBusy(true);
    setError(null);
    const problem = await onAct(action);
    setBusy(false);
    setError(problem);
  };

  const myTurn = me !== null && view.phase === 'play' && view.toAct.includes(me);
  const play = (card: Rank) => {
    setPreview(null);
    void act({ type: 'play', card });
  };
  const describe = (card: Rank) => previewText(view, card, seats, t);
  const legal = new Set<Rank>(myTurn ? view.legal : []);
  const passing = me !== null && view.phase === 'pass' && !view.passed[me];
  const lastTrick = view.tricks.length > 0 ? view.tricks[view.tricks.length - 1] : null;
  const shown = review && lastTrick ? lastTrick : view.trick.cards.length === 0 ? flash : null;
  const others = seatsAround(n, me).filter((s) => s !== me);
  const justWon = (s: number) => (flash && !review && flash.winner === s ? (flash.bottle ? 'bottle' : 'trick') : null);
  const mySeat = me ?? null;
  const badges = new Map([...receivedBadges(view, seats, t), ...(extraBadges ?? [])]);

  let status: string;
  if (view.phase === 'over') status = t('status.over');
  else if (view.phase === 'pass') status = me === null ? t('status.passingWatch') : view.passed[me] ? t('status.passWait', { done: view.passed.filter(Boolean).length, count: n }) : t('status.pass');
  else if (myTurn) status = view.trick.ledSuit && view.legal.length < (view.hand?.length ?? 0) + (view.faceUp?.[me]?.length ?? 0) ? t('status.yourTurnFollow', { suit: t(`suit.${view.trick.ledSuit}`) }) : t('status.yourTurn');
  else status = t('status.waitFor', { who: seatName(seats, view.toAct[0] ?? 0, t) });

  const received = view.received && view.tricks.length === 0 && view.phase === 'play' ? view.received.map((r) => t(r.into === 'faceUp' ? 'status.receivedFaceUp' : 'status.receivedOne', { card: formatRank(r.card), who: seatName(seats, r.from, t) })).join(', ') : '';
  const showGameOver = view.phase === 'over' && !gameOverClosed && !showSummary;

  return (
    <div className={`table players-${n}`} data-testid="table" data-phase={view.phase}>
      <div className="felt">
        <div className="opponents">
          {others.map((s) => (
            <div key={s} className="opponent">
              <SeatPanel view={view} seat={s} seats={seats} deadline={deadline} justWon={justWon(s)} />
              {view.faceUp && <Hand cards={view.faceUp[s]} choosable={null} label={t('hand.faceUpOf', { who: seatName(seats, s, t) })} caption={t('hand.faceUpCaption')} testId={`faceup-${s}`} />}
            </div>
          ))}
        </div>

        <div className="center">
          <Bottles view={view} seats={seats} soldBottle={shown?.bottle ?? null} />
          <TrickArea view={view} seats={seats} finished={shown} caption={review ? t('trick.review') : undefined} preview={myTurn && !shown ? preview : null} />
          <div className="center-side">
            <DevilTrick view={view} />
            {lastTrick && (
              <button type="button" className="btn small" aria-pressed={review} onClick={() => setReview(!review)} data-testid="last-trick">
                {review ? t('trick.hideLast') : t('trick.showLast')}
              </button>
            )}
          </div>
        </div>

        <div className="mine">
          {mySeat !== null && <SeatPanel view={view} seat={mySeat} seats={seats} deadline={deadline} me justWon={justWon(mySeat)} />}
          <p className={`status${myTurn || passing ? ' urgent' : ''}`} role="status" aria-live="polite" data-testid="status">
            {status}
            {received && <span className="received"> · {t('status.received', { cards: received })}</span>}
          </p>
          {me !== null && (
            <button type="button" className="btn small" onClick={() => setPrefs({ sort: prefs.sort === 'suit' ? 'rank' : 'suit' })} data-testid="sort-toggle">
              {prefs.sort === 'suit' ? t('hand.sortRank') : t('hand.sortSuit')}
            </button>
          )}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
        </div>

        {passing && view.hand ? (
          <PassPanel key={`${view.round}`} view={view} seats={seats} busy={busy} badges={extraBadges} onPass={(pass: PassChoice) => void act({ type: 'pass', pass: { ...pass, devil: [...pass.devil] } })} />
        ) : (
          me !== null && (
            <div className="my-cards">
              {view.faceUp && <Hand cards={view.faceUp[me]} choosable={myTurn ? legal : null} onChoose={play} onPreview={setPreview} describe={describe} badges={badges} label={t('hand.myFaceUp')} caption={t('hand.myFaceUp')} testId="my-faceup" />}
              <Hand cards={view.hand ?? []} choosable={myTurn ? legal : null} onChoose={play} onPreview={setPreview} describe={describe} badges={badges} label={t('hand.yours')} caption={view.faceUp ? t('hand.yours') : undefined} digitKeys testId="hand" />
            </div>
          )
        )}
      </div>

      <aside className="side">
        <div className="tabs" role="tablist" aria-label={t('side.label')}>
          {(['log', 'chat', 'tracker', 'reference', 'scores'] as const).map((k) =>
            k === 'chat' && !chat ? null : (
              <button key={k} type="button" role="tab" aria-selected={tab === k} className={`tab${tab === k ? ' active' : ''}`} onClick={() => setTab(k)} data-testid={`tab-${k}`}>
                {k === 'tracker' ? t('tracker.tab') : t(`side.${k}`)}
              </button>
            ),
          )}
        </div>
        <div className="tab-panel" role="tabpanel">
          {tab === 'log' && <GameLog view={view} seats={seats} />}
          {tab === 'chat' && chat && <Chat messages={chat.messages} onSend={chat.onSend} canSend={chat.canSend} />}
          {tab === 'tracker' && <CardTracker view={view} seats={seats} />}
          {tab === 'reference' && <ReferenceCard extended={n >= 5} played={playedThisRound(view)} />}
          {tab === 'scores' && <ScoreSheet results={view.results} seats={seats} players={n} />}
        </div>
      </aside>

      {showSummary && (
        <Modal title={t('summary.title', { n: summary.round + 1 })} onClose={closeSummary} testId="summary-dialog">
          <RoundSummary result={summary} seats={seats} />
          <button type="button" className="btn primary" onClick={closeSummary} data-autofocus data-testid="summary-continue">
            {t('common.continue')}
          </button>
        </Modal>
      )}
      {showGameOver && (
        <Modal title={t('over.title')} onClose={() => setGameOverClosed(true)} wide testId="game-over">
          <GameOverBody view={view} seats={seats} />
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
            <span>{seatName(seats, s, t)}</span> <strong>{total}</strong>
          </li>
        ))}
      </ol>
      <ScoreChart results={view.results} seats={seats} players={view.options.players} />
    </div>
  );
}

/** The result of the last round that ended after `after` (an arrival number), if any. */
function lastRoundScored(arrived: readonly ArrivedEvent[], after: number): RoundResult | null {
  for (let i = arrived.length - 1; i >= 0 && arrived[i].n > after; i--) {
    const { event } = arrived[i];
    if (event.type === 'roundScored') return event.result;
  }
  return null;
}
