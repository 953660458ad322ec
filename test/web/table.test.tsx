// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { view } from '../../src/engine/index.js';
import type { ClientAction } from '../../src/protocol/messages.js';
import { Table } from '../../src/web/components/Table.js';
import { namedSeats } from '../../src/web/game/model.js';
import { NAMES, newGame, passAll, record, renderApp, untilFollowing } from './helpers.js';

afterEach(cleanup);

function handButtons() {
  return within(screen.getByTestId('hand')).getAllByRole('button');
}

describe('the game table', () => {
  it('raises the legal cards, dims the rest and plays a legal card on click', async () => {
    const game = newGame({ players: 4 }, 11);
    passAll(game);
    const seat = 2;
    untilFollowing(game, seat);
    const v = view(game, seat);
    const sent: ClientAction[] = [];
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} onAct={record(sent)} />);

    const buttons = handButtons();
    expect(buttons).toHaveLength(v.hand!.length);
    const legal = buttons.filter((b) => b.getAttribute('aria-disabled') !== 'true').map((b) => Number(b.dataset.rank));
    expect(legal.sort((a, b) => a - b)).toEqual([...v.legal].sort((a, b) => a - b));

    const illegal = buttons.find((b) => b.getAttribute('aria-disabled') === 'true')!;
    fireEvent.click(illegal);
    expect(sent).toEqual([]);

    const ok = buttons.find((b) => b.getAttribute('aria-disabled') !== 'true')!;
    fireEvent.click(ok);
    await Promise.resolve();
    expect(sent).toEqual([{ type: 'play', card: Number(ok.dataset.rank) }]);
    expect(screen.getByTestId('status').textContent).toMatch(/follow (red|blue|green)/);
  });

  it('names the trick’s current winner and whether it takes the bottle, as the engine says', () => {
    const game = newGame({ players: 4 }, 5);
    passAll(game);
    untilFollowing(game, 1);
    const v = view(game, 1);
    expect(v.trick.winning).not.toBeNull();
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} />);
    const hint = screen.getByTestId('trick-hint').textContent!;
    expect(hint).toContain(NAMES[v.trick.winning!.seat]);
    expect(hint.includes('would buy the bottle')).toBe(v.trick.winning!.takesBottle);
    const trick = within(screen.getByTestId('trick')).getAllByRole('img');
    expect(trick.map((c) => Number(c.dataset.rank))).toEqual(v.trick.cards.map((c) => c.card));
  });

  it('plays from the keyboard: arrows move, a digit jumps, Enter plays', async () => {
    const game = newGame({ players: 3 }, 3);
    passAll(game);
    const seat = game.toAct()[0];
    const v = view(game, seat);
    const sent: ClientAction[] = [];
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 3))} onAct={record(sent)} />);
    const buttons = handButtons();
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0].focus();
    fireEvent.keyDown(buttons[0], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(document.body, { key: '4' });
    expect(document.activeElement).toBe(buttons[3]);
    expect(buttons[3].tabIndex).toBe(0);
    // A leader may play anything: Enter on a button clicks it, as in the browser.
    fireEvent.click(document.activeElement!);
    await Promise.resolve();
    expect(sent).toEqual([{ type: 'play', card: Number(buttons[3].dataset.rank) }]);
  });

  it('announces the hand, the bottle and the devil’s trick to screen readers', () => {
    const game = newGame({ players: 4 }, 9);
    passAll(game);
    const seat = game.toAct()[0];
    renderApp(<Table view={view(game, seat)} seats={namedSeats(NAMES.slice(0, 4))} />);
    // 9 dealt, 3 passed, 2 received; the leader may play any of them.
    expect(screen.getByRole('group', { name: 'Your hand: 8 cards, 8 playable' })).toBeTruthy();
    expect(screen.getByRole('status', { name: /The bottle, price 19, held by nobody/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /The devil's trick: 4 cards face down. You put .+ there/ })).toBeTruthy();
  });

  it('shows two bottles with 5 players and the face-up rows with 2', () => {
    const five = newGame({ players: 5 }, 2);
    passAll(five);
    renderApp(<Table view={view(five, 0)} seats={namedSeats(NAMES.slice(0, 5))} />);
    expect(screen.getByTestId('bottle-1')).toBeTruthy();
    expect(screen.getByTestId('bottle-2').getAttribute('aria-label')).toMatch(/Bottle 2, price 19/);
    cleanup();

    const two = newGame({ players: 2 }, 2);
    passAll(two);
    const v = view(two, 0);
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 2))} />);
    // In play the player's rows stay focusable buttons, so the keyboard focus can stay in them.
    const mine = within(screen.getByTestId('my-faceup')).getAllByRole('button');
    const theirs = within(screen.getByTestId('faceup-1')).getAllByRole('img');
    expect(mine.map((c) => Number(c.dataset.rank))).toEqual(expect.arrayContaining([...v.faceUp![0]]));
    expect(theirs).toHaveLength(v.faceUp![1].length);
  });

  it('says what a card would do before it is played, as the engine then does it', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const game = newGame({ players: 4 }, seed);
      passAll(game);
      untilFollowing(game, seed % 4);
      const seat = game.toAct()[0];
      const v = view(game, seat);
      renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} />);
      for (const card of v.legal) {
        fireEvent.mouseEnter(within(screen.getByTestId('hand')).getByRole('button', { name: new RegExp(`^${card} `) }));
        const text = screen.getByTestId('trick-preview').textContent!;
        const after = game.clone();
        const played = after.apply({ type: 'play', seat, card });
        if (!played.ok) throw new Error(played.error.detail);
        const done = played.value.find((e) => e.type === 'trickWon');
        const winner = done ? done.trick.winner : view(after, seat).trick.winning!.seat;
        const bottle = done ? done.trick.bottle !== null : view(after, seat).trick.winning!.takesBottle;
        if (winner === seat)
          expect(text).toMatch(bottle ? /buy the bottle|buying the bottle/ : /bottle stays|without the bottle/);
        else {
          expect(text).toContain(NAMES[winner]);
          expect(text.includes('bottle stays') || text.includes('for now')).toBe(!bottle);
        }
      }
      cleanup();
    }
  });

  it('shows a spectator every seat and no hand', () => {
    const game = newGame({ players: 4 }, 9);
    passAll(game);
    const v = view(game, null);
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} />);
    expect(screen.queryByTestId('hand')).toBeNull();
    for (let s = 0; s < 4; s++) expect(screen.getByTestId(`seat-${s}`)).toBeTruthy();
    expect(screen.getByTestId('status').textContent).toBe(`Waiting for ${NAMES[v.toAct[0]]}…`);
  });

  it('speaks German when asked', () => {
    const game = newGame({ players: 4 }, 9);
    passAll(game);
    renderApp(<Table view={view(game, 0)} seats={namedSeats(NAMES.slice(0, 4))} />, { language: 'de' });
    expect(screen.getByRole('group', { name: 'Deine Hand: 8 Karten' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Verlauf' })).toBeTruthy();
  });
});
