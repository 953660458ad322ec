// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { suitOf, view } from '../../src/engine/index.js';
import { CardTracker } from '../../src/web/components/CardTracker.js';
import { Table } from '../../src/web/components/Table.js';
import { namedSeats } from '../../src/web/game/model.js';
import { NAMES, newGame, passAll, playWhile, renderApp } from './helpers.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A 4-player round played until some seat has shown a void and the bottle has been sold. */
function midRound() {
  const game = newGame({ players: 4 }, 8);
  passAll(game);
  playWhile(game, (g) => {
    const v = view(g, 0);
    return !(
      v.voids.some((x) => x.length > 0) &&
      v.tricks.some((tr) => tr.bottle !== null) &&
      v.trick.cards.length === 0
    );
  });
  return game;
}

describe('the card tracker', () => {
  it('shows the cards still out by suit, the voids, the pass and the bottle prices from the view', () => {
    const game = midRound();
    const v = view(game, 0);
    const seats = namedSeats(NAMES.slice(0, 4));
    renderApp(<CardTracker view={v} seats={seats} />);
    const tracker = screen.getByTestId('tracker');
    for (const suit of ['red', 'blue', 'green'] as const) {
      const row = within(tracker).getByTestId(`tracker-out-${suit}`);
      const shown = [...row.querySelectorAll('[data-rank]')].map((e) => Number((e as HTMLElement).dataset.rank));
      expect(shown).toEqual(v.outstanding.filter((r) => suitOf(r) === suit));
    }
    // Cards passed to a neighbour and not yet played are still out, and say where they went.
    const pass = v.myPass as { left: number; right: number; devil: number[] };
    if (v.outstanding.includes(pass.left))
      expect(tracker.querySelector(`li.passed [data-rank="${pass.left}"]`)?.getAttribute('aria-label')).toContain(
        `you passed it to ${NAMES[1]}`,
      );
    expect(v.outstanding).not.toContain(pass.devil[0]);

    const voids = within(tracker).getByTestId('tracker-voids').textContent!;
    v.voids.forEach((suits, s) => {
      if (suits.length > 0) expect(voids).toContain(`${s === 0 ? 'you' : NAMES[s]}: no ${suits.join(', ')}`);
    });
    const passText = within(tracker).getByTestId('tracker-pass').textContent!;
    expect(passText).toContain(`${pass.left} to ${NAMES[1]}`);
    expect(passText).toContain(`${pass.right} to ${NAMES[3]}`);
    expect(passText).toContain(`${pass.devil[0]} to the devil's trick`);
    const received = within(tracker).getByTestId('tracker-received').textContent!;
    for (const r of v.received!) expect(received).toContain(`${r.card} from ${NAMES[r.from]}`);

    const prices = within(tracker).getByTestId('tracker-prices').textContent!;
    expect(prices.startsWith('19')).toBe(true);
    v.tricks.forEach((tr, i) => {
      if (tr.bottle)
        expect(prices).toContain(`${tr.price} (${tr.winner === 0 ? 'you' : NAMES[tr.winner]}, trick ${i + 1})`);
    });
  });

  it('is a tab of the table, and received cards are marked in the hand', () => {
    const game = newGame({ players: 4 }, 8);
    passAll(game);
    const v = view(game, 0);
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} />);
    fireEvent.click(screen.getByTestId('tab-tracker'));
    expect(screen.getByTestId('tracker')).toBeTruthy();
    const hand = screen.getByTestId('hand');
    for (const r of v.received!) {
      const card = hand.querySelector(`[data-rank="${r.card}"]`)!;
      expect(card.getAttribute('aria-label')).toContain(`received from ${NAMES[r.from]}`);
      expect(card.querySelector('.card-badge.tone-received')).not.toBeNull();
    }
    expect(hand.querySelectorAll('.card-badge')).toHaveLength(v.received!.length);
  });

  it('speaks German, and a spectator sees only public facts', () => {
    const game = midRound();
    renderApp(<CardTracker view={view(game, null)} seats={namedSeats(NAMES.slice(0, 4))} />, { language: 'de' });
    const tracker = screen.getByTestId('tracker');
    expect(tracker.textContent).toContain('Noch im Spiel');
    expect(tracker.textContent).toContain('Preise der Flasche');
    expect(within(tracker).queryByTestId('tracker-pass')).toBeNull();
    expect(tracker.textContent).toContain('Gezeigte Fehlfarben');
    expect(tracker.querySelectorAll('[data-rank]').length).toBe(view(game, null).outstanding.length);
  });
});
