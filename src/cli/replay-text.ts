/** The readable account of a replayed game, for people at a terminal. */
import { describeCard, type PassChoice, pointsOf, type RoundLog } from '../engine/index.js';
import type { GameRecord, ReplayReport } from '../record/index.js';
import { plural, shortCard } from './text.js';

/** One seat's pass: which card went where. */
function passText(pass: PassChoice): string {
  const devil = pass.devil.length > 0 ? `, ${pass.devil.map(shortCard).join(' ')} to the devil's trick` : '';
  if ('faceUp' in pass)
    return `${shortCard(pass.faceUp)} into the opponent's face-up row, ${shortCard(pass.hidden)} into the opponent's hand${devil}`;
  return `${shortCard(pass.left)} to the left, ${shortCard(pass.right)} to the right${devil}`;
}

/** `log`: the replayed game's rounds, for what the engine knows of each (who leads first). */
export function formatReplay(record: GameRecord, report: ReplayReport, log: readonly RoundLog[]): string {
  const names = record.players;
  const who = (seat: number) => names[seat] || `seat ${seat + 1}`;
  const o = record.options;
  const length = o.rounds !== undefined ? plural(o.rounds, 'round') : `to ${o.targetScore} points`;
  const lines: string[] = [
    `The Bottle Imp: ${o.players} players, ${o.mode ?? 'individual'}, ${length}`,
    `Seats: ${names.map((n, s) => `${s + 1} ${n}`).join(', ')}`,
    'Cards are shown by rank and suit: r red, b blue, g green.',
  ];
  const width = Math.max(...names.map((n) => n.length), 6);

  report.rounds.forEach((round, i) => {
    lines.push(
      '',
      `Round ${i + 1}: ${who(round.dealer)} deals, ${who(log[i].firstPlayer)} leads${round.teams ? `; teams ${round.teams.map((t, s) => `${who(s)} ${t}`).join(', ')}` : ''}`,
    );
    record.rounds[i]?.passes?.forEach((pass, s) => {
      lines.push(`  ${who(s)} passes ${passText(pass)}`);
    });
    round.tricks.forEach((trick, k) => {
      const cards = trick.cards.map((c, j) => `${who((trick.leader + j) % o.players)} ${shortCard(c)}`).join(', ');
      let outcome = 'in progress';
      if (trick.winner !== null) {
        const points = trick.cards.reduce((sum, c) => sum + pointsOf(c), 0);
        outcome =
          `${who(trick.winner)} wins ${points} points` +
          (trick.bottle !== null ? `, takes bottle ${trick.bottle} at ${trick.price}` : '');
      }
      lines.push(`  Trick ${String(k + 1).padStart(2)}: ${who(trick.leader)} leads: ${cards}. ${outcome}`);
    });
    const bottles = round.bottles
      .map((b, k) => `bottle ${k + 1} ${b.owner === null ? 'unsold' : `with ${who(b.owner)}`} at ${b.price}`)
      .join('; ');
    lines.push(`  Bottles: ${bottles}`);
    if (round.complete && round.devil && round.scores) {
      lines.push(`  Devil's trick: ${round.devil.map(describeCard).join(', ')} = ${round.devilPoints} points`);
      lines.push('  Scores:');
      round.scores.forEach((score, s) => {
        lines.push(`    ${who(s).padEnd(width)} ${String(score).padStart(5)}`);
      });
    } else {
      lines.push('  (round not complete)');
    }
  });

  lines.push('', 'Totals:');
  report.totals.forEach((total, s) => {
    lines.push(`  ${who(s).padEnd(width)} ${String(total).padStart(5)}${report.winners.includes(s) ? '  winner' : ''}`);
  });
  lines.push(
    report.finished
      ? `Game over: ${report.winners.map(who).join(' and ')} ${report.winners.length > 1 ? 'share the win' : 'wins'}.`
      : 'The game is not finished.',
  );
  return lines.join('\n') + '\n';
}
