/**
 * What the terminal player reads: the table from their view, and the events they may see
 * as sentences. The player is "You" (with the verb to match); every other seat is named
 * by its number counted from 1, as in the record.
 */
import {
  devilCardsOf,
  type GameEvent,
  leftOf,
  type Rank,
  rightOf,
  setupFor,
  type TableView,
} from '../../engine/index.js';
import { plural } from '../text.js';
import type { Style } from './style.js';

/** Seat names for the screen: the player is "You", the others as in the record. */
export class Seats {
  constructor(
    readonly names: readonly string[],
    readonly me: number,
  ) {}

  who(seat: number): string {
    return seat === this.me ? 'You' : this.names[seat];
  }

  /** "You win" / "Bot 2 (easy) wins". */
  does(seat: number, verb: string, verbS = `${verb}s`): string {
    return `${this.who(seat)} ${seat === this.me ? verb : verbS}`;
  }
}

/** Everything the player needs before choosing: round, bottles, trick, scores, hand with playable cards marked. */
export function table(v: TableView, seats: Seats, style: Style): string[] {
  const me = seats.me;
  const rounds = v.options.rounds !== undefined ? ` of ${v.options.rounds}` : ` (playing to ${v.options.targetScore})`;
  const lines = [
    `— Round ${v.round + 1}${rounds} · dealer ${seats.who(v.dealer)}${v.teams ? ` · teams ${v.teams.map((t, s) => `${seats.who(s)} ${t}`).join(', ')}` : ''}`,
  ];
  lines.push(...bottleLines(v, seats));
  lines.push(...scoreLines(v, seats));
  v.faceUp?.forEach((row, s) => {
    if (s !== me) lines.push(`Face-up row of ${seats.who(s)}: ${row.map((r) => style.card(r)).join(' ') || '(empty)'}`);
  });
  if (v.phase === 'play') {
    const trick = v.trick.cards.map((c) => `${seats.who(c.seat)} ${style.named(c.card)}`).join(', ');
    const winning = v.trick.winning
      ? ` — winning: ${seats.who(v.trick.winning.seat)}${v.trick.winning.takesBottle ? `, who would take the bottle` : ''}`
      : '';
    lines.push(`Trick ${v.tricks.length + 1}: ${trick || seats.does(v.trick.leader, 'lead')}${winning}`);
  }
  lines.push(...handLines(v, seats, style));
  return lines;
}

/** The hidden hand and (2 players) the face-up row apart, playable cards marked in play. */
function handLines(v: TableView, seats: Seats, style: Style): string[] {
  const legal = new Set(v.phase === 'play' && v.toAct.includes(seats.me) ? v.legal : []);
  const show = (cards: readonly Rank[]): string => cards.map((r) => style.card(r, legal.has(r))).join(' ') || '(empty)';
  const legend = legal.size > 0 ? '   (* = playable; r red, b blue, g green)' : '   (r red, b blue, g green)';
  const row = v.faceUp?.[seats.me];
  if (!row) return [`Your hand: ${show(v.hand ?? [])}${legend}`];
  return [`Your hidden hand: ${show(v.hand ?? [])}${legend}`, `Your face-up row: ${show(row)}`];
}

export function bottleLines(v: TableView, seats: Seats): string[] {
  return v.bottles.map((b, i) => {
    const label = v.bottles.length > 1 ? `Bottle ${i + 1}${v.bottleInPlay === i + 1 ? ' (in play)' : ''}` : 'Bottle';
    return `${label}: price ${b.price}, ${b.owner === null ? 'nobody owns it' : `owned by ${seats.who(b.owner)}`}`;
  });
}

export function scoreLines(v: TableView, seats: Seats): string[] {
  return [
    `Points won this round: ${v.wonPoints.map((p, s) => `${seats.who(s)} ${p}`).join(' · ')}`,
    `Totals: ${v.totals.map((p, s) => `${seats.who(s)} ${p}`).join(' · ')}`,
  ];
}

/** The last finished trick of this round, or why there is none. */
export function lastTrick(v: TableView, seats: Seats, style: Style): string {
  const t = v.tricks.at(-1);
  if (!t) return 'No trick has been finished yet this round.';
  const cards = t.cards.map((c) => `${seats.who(c.seat)} ${style.named(c.card)}`).join(', ');
  return `Trick ${v.tricks.length}: ${cards}. ${seats.does(t.winner, 'win')} it (${plural(t.points, 'point')})${t.bottle !== null ? ` and ${seats.who(t.winner) === 'You' ? 'take' : 'takes'} ${v.bottleCount === 1 ? 'the bottle' : `bottle ${t.bottle}`} at ${t.price}` : ''}.`;
}

/** Where the pass goes, in the player's words: one line per slot. */
export function passSlots(v: TableView, seats: Seats): string[] {
  const n = v.options.players;
  const me = seats.me;
  const slots =
    n === 2
      ? [`into ${seats.who(1 - me)}'s face-up row`, `into ${seats.who(1 - me)}'s hidden hand`]
      : [`to your left (${seats.who(leftOf(me, n))})`, `to your right (${seats.who(rightOf(me, n))})`];
  const devils = devilCardsOf(setupFor(v.options.players), me, v.dealer);
  for (let k = 0; k < devils; k++) slots.push("to the devil's trick");
  return slots;
}

/** What the pass is, said once before its prompts. */
export function passIntro(v: TableView, seats: Seats): string {
  const slots = passSlots(v, seats);
  const from = v.faceUp
    ? 'from your hidden hand (face-up cards are never passed; you play them like your hand)'
    : 'from your hand';
  const devils = slots.length - 2;
  return `Pass ${plural(slots.length, 'card')} ${from}: one ${slots[0]}, one ${slots[1]}${devils > 0 ? `, ${devils} ${slots[2]}` : ''}. You may type them all on one line.`;
}

/** In-game help: what to type, and the rules in brief. */
export function helpText(): string[] {
  return [
    'Type a card as it is shown: its rank, with or without the suit letter (24, 24g, 2.5).',
    'When several cards are asked for (the pass), type them one by one or all on one line: 5 12 30.',
    'Commands: hand (show the table again), score, last (the last trick), help or ?, quit (save and stop).',
    'An empty line asks again. Ctrl-C or Ctrl-D also saves the game so far and stops.',
    "The rules in brief: follow the led suit if you can. If any card in a trick is below the price of the bottle, the highest of those wins the trick and its player buys the bottle at that card's rank; otherwise the highest card wins.",
    "Whoever holds the bottle when the round ends loses the points of the devil's trick; everyone else scores the points of the tricks they won. RULES.md has everything.",
  ];
}

/** The events the player may see (already filtered for their seat) as sentences. */
export function narrate(events: readonly GameEvent[], seats: Seats, style: Style, bottles: 1 | 2): string[] {
  const out: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'cardPlayed':
        out.push(`${seats.does(e.seat, 'play')} ${style.named(e.card)}.`);
        break;
      case 'cardsReceived':
        if (e.cards.length > 0)
          out.push(
            `You receive ${e.cards.map((c) => `${style.named(c.card)} from ${seats.who(c.from)}${c.into === 'faceUp' ? ' (into your face-up row)' : ''}`).join(' and ')}.`,
          );
        break;
      case 'trickWon': {
        const t = e.trick;
        const sale =
          t.bottle !== null
            ? ` and ${t.winner === seats.me ? 'buy' : 'buys'} ${bottles === 1 ? 'the bottle' : `bottle ${t.bottle}`} for ${t.price}`
            : '';
        out.push(`${seats.does(t.winner, 'win')} trick ${e.index + 1} (${plural(t.points, 'point')})${sale}.`);
        break;
      }
      case 'roundScored': {
        const r = e.result;
        out.push(
          '',
          `Round ${r.round + 1} is over. The devil's trick: ${r.devil.map((c) => style.named(c)).join(', ')} = ${plural(r.devilPoints, 'point')}.`,
        );
        r.bottles.forEach((b, i) => {
          out.push(
            `${r.bottles.length > 1 ? `Bottle ${i + 1}` : 'The bottle'} (price ${b.price}): ${b.owner === null ? 'nobody' : seats.who(b.owner)}`,
          );
        });
        for (let s = 0; s < r.scores.length; s++)
          out.push(`  ${seats.who(s).padEnd(16)} ${String(r.scores[s]).padStart(4)}   total ${r.totals[s]}`);
        out.push('');
        break;
      }
      case 'gameOver':
        out.push(
          `Game over. ${e.winners.length > 1 ? 'Shared win' : 'Winner'}: ${e.winners.map((s) => seats.who(s)).join(', ')} with ${e.totals[e.winners[0]]}.`,
        );
        break;
      default:
        break;
    }
  }
  return out;
}
