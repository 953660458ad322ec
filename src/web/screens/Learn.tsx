/**
 * "Learn to play": the guided first game (game/learn.ts) played in the browser against
 * the engine, no server. A coach bar above the table says what is happening and what to
 * do; "read" lessons hold the bots until the player goes on, "do" lessons wait for the
 * marked pass or card. It can be left at any moment and started again.
 */
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Action, leftOf, type Rank, rightOf, visibleEvents } from '../../engine/index.js';
import type { ClientAction } from '../../protocol/messages.js';
import type { CardBadge } from '../components/Card.js';
import { seatName } from '../components/names.js';
import { Table } from '../components/Table.js';
import { formatRank } from '../game/cards.js';
import {
  botMove,
  expectedMove,
  LEARNER,
  type Lesson,
  type LessonId,
  learnerView,
  lessonNow,
  newLearnGame,
} from '../game/learn.js';
import { namedSeats, type SeatLabel } from '../game/model.js';
import type { ArrivedEvent } from '../net/connection.js';
import { usePauseMs, usePrefs } from '../prefs.js';
import '../coach.css';

const BOTS = ['Betty', 'Christian', 'Doris'];

export function Learn() {
  const [run, setRun] = useState(0);
  return <LearnGame key={run} onRestart={() => setRun((r) => r + 1)} />;
}

function LearnGame({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation();
  const { prefs } = usePrefs();
  const pause = usePauseMs();
  const game = useRef(newLearnGame()).current;
  const [version, setVersion] = useState(0);
  const [arrived, setArrived] = useState<ArrivedEvent[]>([]);
  const [read, setRead] = useState<ReadonlySet<LessonId>>(new Set());
  const seats = namedSeats([prefs.name.trim() || t('learn.defaultName'), ...BOTS]);
  const view = learnerView(game);
  const lesson = lessonNow(game, read);

  const apply = useCallback(
    (action: Action) => {
      const r = game.apply(action);
      if (!r.ok) throw new Error(r.error.detail);
      const seen = visibleEvents(r.value, LEARNER);
      setArrived((a) => [...a, ...seen.map((event, i) => ({ n: (a.at(-1)?.n ?? 0) + i + 1, event }))]);
      setVersion((v) => v + 1);
    },
    [game],
  );

  // The bots move by the script whenever no lesson is waiting to be read.
  const waiting = lesson?.kind === 'read' && lesson.id !== 'end';
  const plays = game.log[0].plays.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the game changes in place; `version` counts its moves.
  useEffect(() => {
    if (waiting) return;
    const move = botMove(game);
    if (!move) return;
    const delay = move.type === 'pass' ? 0 : Math.max(300, pause * 0.6) + (plays > 0 && plays % 4 === 0 ? pause : 0);
    const id = setTimeout(() => apply(move), delay);
    return () => clearTimeout(id);
  }, [waiting, plays, version, game, apply, pause]);

  const onAct = async (action: ClientAction): Promise<string | null> => {
    const want = expectedMove(game);
    if (!want) return null;
    if (want.type === 'pass') {
      const p = want.pass as { left: Rank; right: Rank; devil: readonly Rank[] };
      const got =
        action.type === 'pass' ? (action.pass as { left?: Rank; right?: Rank; devil: readonly Rank[] }) : null;
      if (!got || got.left !== p.left || got.right !== p.right || got.devil[0] !== p.devil[0])
        return t('learn.wrongPass', { l: p.left, r: p.right, d: p.devil[0] });
      apply({ type: 'pass', seat: LEARNER, pass: want.pass });
    } else {
      if (action.type !== 'play' || action.card !== want.card)
        return t('learn.wrongCard', { card: formatRank(want.card) });
      apply({ type: 'play', seat: LEARNER, card: want.card });
    }
    if (lesson) setRead((r) => new Set([...r, lesson.id]));
    return null;
  };

  const goOn = () => {
    if (lesson?.kind === 'read') setRead((r) => new Set([...r, lesson.id]));
  };

  const text = lesson ? lessonText(lesson, seats, t) : null;
  const finish = (
    <div className="learn-finish">
      {text && lesson?.id === 'end' && <p data-testid="learn-end">{text}</p>}
      <div className="actions">
        <a className="btn primary" href="#/" data-testid="learn-real-game">
          {t('learn.realGame')}
        </a>
        <button type="button" className="btn" onClick={onRestart}>
          {t('learn.restart')}
        </button>
      </div>
    </div>
  );

  return (
    <main className="table-page learn-page" data-testid="learn">
      <div className="learn-coach" data-lesson={lesson?.id ?? 'none'} data-testid="learn-coach">
        <p className="learn-text" role="status" aria-live="polite">
          {text ?? '…'}
        </p>
        <div className="learn-actions">
          {waiting && (
            <button type="button" className="btn primary small" onClick={goOn} data-autofocus data-testid="learn-next">
              {t('learn.next')}
            </button>
          )}
          <button type="button" className="btn small" onClick={onRestart} data-testid="learn-restart">
            {t('learn.restart')}
          </button>
          <a className="btn small" href="#/" data-testid="learn-leave">
            {t('learn.leave')}
          </a>
        </div>
      </div>
      <Table
        view={view}
        seats={seats}
        arrived={arrived}
        onAct={onAct}
        badges={lessonBadges(lesson, t)}
        gameOverExtra={finish}
      />
    </main>
  );
}

/** The cards a lesson points at: the three to pass, or the one to play. */
function lessonBadges(lesson: Lesson | null, t: TFunction): Map<Rank, CardBadge> {
  const out = new Map<Rank, CardBadge>();
  const label = t('learn.badgeLabel');
  if (lesson?.id === 'pass' && 'left' in lesson.pass) {
    out.set(lesson.pass.left, { text: t('learn.badgeLeft'), tone: 'learn', label });
    out.set(lesson.pass.right, { text: t('learn.badgeRight'), tone: 'learn', label });
    for (const d of lesson.pass.devil) out.set(d, { text: t('learn.badgeDevil'), tone: 'learn', label });
  }
  if (lesson && 'card' in lesson && lesson.kind === 'do')
    out.set(lesson.card, { text: t('learn.badgePlay'), tone: 'learn', label });
  return out;
}

/** What the coach says for a lesson, with names and cards filled in. */
function lessonText(lesson: Lesson, seats: readonly SeatLabel[], t: TFunction): string {
  const who = (s: number | null) =>
    s === null ? t('learn.nobody') : s === LEARNER ? t('learn.you') : seatName(seats, s, t);
  const r = formatRank;
  // Why the script plays this card: written for each of the player's cards.
  const why = (card: Rank) => t(`learn.why.${card}`);
  switch (lesson.id) {
    case 'welcome':
      return t('learn.welcome');
    case 'pass': {
      const p = lesson.pass as { left: Rank; right: Rank; devil: readonly Rank[] };
      return t('learn.pass', {
        left: who(leftOf(LEARNER, 4)),
        right: who(rightOf(LEARNER, 4)),
        l: r(p.left),
        r: r(p.right),
        d: r(p.devil[0]),
      });
    }
    case 'received':
      return t('learn.received', {
        cards: lesson.received.map((c) => `${r(c.card)} (${who(c.from)})`).join(', '),
        leader: who(lesson.leader),
      });
    case 'follow':
      return `${t('learn.follow', { leader: who(lesson.leader), suit: t(`suit.${lesson.suit}`), card: r(lesson.card) })} ${why(lesson.card)}`;
    case 'firstTrick':
      return t('learn.firstTrick', { card: r(lesson.card), before: r(lesson.before), who: who(lesson.trick.winner) });
    case 'play':
      return `${t('learn.play', { card: r(lesson.card) })} ${why(lesson.card)}`;
    case 'lead':
      return `${t('learn.lead', { card: r(lesson.card) })} ${why(lesson.card)}`;
    case 'sold':
      return t(lesson.trick.winner === LEARNER ? 'learn.soldToYou' : 'learn.sold', {
        seller: who(lesson.seller),
        who: who(lesson.trick.winner),
        card: r(lesson.card),
        before: r(lesson.before),
      });
    case 'soldOn':
      return t(lesson.seller === LEARNER ? 'learn.soldOnFromYou' : 'learn.soldOn', {
        seller: who(lesson.seller),
        who: who(lesson.trick.winner),
        card: r(lesson.card),
        before: r(lesson.before),
      });
    case 'noBelow':
      return t('learn.noBelow', {
        price: r(lesson.price),
        card: r(lesson.card),
        who: who(lesson.trick.winner),
        owner: who(lesson.owner),
      });
    case 'last':
      return t('learn.last', { price: r(lesson.price), owner: who(lesson.owner) });
    case 'end': {
      const res = lesson.result;
      return t('learn.end', {
        cards: res.devil.map(r).join(', '),
        points: res.devilPoints,
        owner: who(res.bottles[0].owner),
        mine: res.scores[LEARNER],
      });
    }
  }
}
