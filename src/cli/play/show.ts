/** What the terminal player reads: the table from their view, and the public events as sentences. */
import { type GameEvent, type Rank, suitOf, type TableView } from '../../engine/index.js';

/** "24g": a rank with its suit's initial, the way the hand is shown. */
export function short(rank: Rank): string {
  return `${rank}${(suitOf(rank) ?? '?')[0]}`;
}

/** "24 (green)". */
export function card(rank: Rank): string {
  return `${rank} (${suitOf(rank)})`;
}

/** Everything the player needs before choosing: round, bottles, trick, scores, hand with playable cards marked. */
export function table(v: TableView, names: readonly string[]): string {
  const seat = v.viewer!;
  const rounds = v.options.rounds !== undefined ? ` of ${v.options.rounds}` : ` (playing to ${v.options.targetScore})`;
  const lines = [`— Round ${v.round + 1}${rounds} · dealer ${names[v.dealer]}${v.teams ? ` · teams ${v.teams.map((t, s) => `${names[s]} ${t}`).join(', ')}` : ''}`];
  v.bottles.forEach((b, i) => {
    const label = v.bottles.length > 1 ? `Bottle ${i + 1}${v.bottleInPlay === i + 1 ? ' (in play)' : ''}` : 'Bottle';
    lines.push(`${label}: price ${b.price}, ${b.owner === null ? 'nobody owns it' : `owned by ${names[b.owner]}`}`);
  });
  lines.push(`Points won this round: ${v.wonPoints.map((p, s) => `${names[s]} ${p}`).join(' · ')}`);
  lines.push(`Totals: ${v.totals.map((p, s) => `${names[s]} ${p}`).join(' · ')}`);
  v.faceUp?.forEach((row, s) => {
    lines.push(`Face-up row of ${names[s]}: ${row.map(short).join(' ') || '(empty)'}`);
  });
  if (v.phase === 'play') {
    const trick = v.trick.cards.map((c) => `${names[c.seat]} ${card(c.card)}`).join(', ');
    const winning = v.trick.winning ? ` — winning: ${names[v.trick.winning.seat]}${v.trick.winning.takesBottle ? ', who would take the bottle' : ''}` : '';
    lines.push(`Trick ${v.tricks.length + 1}: ${trick || `${names[v.trick.leader]} leads`}${winning}`);
  }
  const legal = new Set(v.legal);
  const hand = [...(v.hand ?? []), ...(v.faceUp?.[seat] ?? [])].sort((a, b) => a - b);
  const marked = hand.map((r) => short(r) + (legal.has(r) ? '*' : ''));
  lines.push(`Your hand: ${marked.join(' ')}${v.phase === 'play' ? '   (* = playable; r red, b blue, g green)' : '   (r red, b blue, g green)'}`);
  return lines.join('\n') + '\n';
}

/** The events the player may see (already filtered for their seat) as sentences. */
export function narrate(events: readonly GameEvent[], names: readonly string[], me: number, bottles: number): string[] {
  const out: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'cardPlayed':
        if (e.seat !== me) out.push(`${names[e.seat]} plays ${card(e.card)}.`);
        break;
      case 'cardsReceived':
        if (e.cards.length > 0) out.push(`You receive ${e.cards.map((c) => `${card(c.card)} from ${names[c.from]}${c.into === 'faceUp' ? ' (into your face-up row)' : ''}`).join(' and ')}.`);
        break;
      case 'trickWon': {
        const t = e.trick;
        const sale = t.bottle !== null ? ` and buys ${bottles === 1 ? 'the bottle' : `bottle ${t.bottle}`} for ${t.price}` : '';
        out.push(`${names[t.winner]} wins trick ${e.index + 1} (${t.points} points)${sale}.`);
        break;
      }
      case 'roundScored': {
        const r = e.result;
        out.push('', `Round ${r.round + 1} is over. The devil's trick: ${r.devil.map(card).join(', ')} = ${r.devilPoints} points.`);
        r.bottles.forEach((b, i) => {
          out.push(`${r.bottles.length > 1 ? `Bottle ${i + 1}` : 'The bottle'} (price ${b.price}): ${b.owner === null ? 'nobody' : names[b.owner]}`);
        });
        for (let s = 0; s < r.scores.length; s++) out.push(`  ${names[s].padEnd(16)} ${String(r.scores[s]).padStart(4)}   total ${r.totals[s]}`);
        out.push('');
        break;
      }
      case 'gameOver':
        out.push(`Game over. ${e.winners.length > 1 ? 'Shared win' : 'Winner'}: ${e.winners.map((s) => names[s]).join(', ')} with ${e.totals[e.winners[0]]}.`);
        break;
      default:
        break;
    }
  }
  return out;
}
