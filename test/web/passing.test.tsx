// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { view } from '../../src/engine/index.js';
import type { ClientAction } from '../../src/protocol/messages.js';
import { Table } from '../../src/web/components/Table.js';
import { namedSeats } from '../../src/web/game/model.js';
import { must, NAMES, newGame, record, renderApp } from './helpers.js';

afterEach(cleanup);

function slots() {
  return within(screen.getByTestId('pass-panel'))
    .getAllByRole('listitem')
    .map((li) => within(li).getByRole('button'));
}

describe('the passing step', () => {
  it('fills left, right and devil slots from the hand, and the pass is one the engine accepts', async () => {
    const game = newGame({ players: 4 }, 21);
    const seat = 1;
    const sent: ClientAction[] = [];
    renderApp(<Table view={view(game, seat)} seats={namedSeats(NAMES.slice(0, 4))} onAct={record(sent)} />);
    expect(slots().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Left to Christian: empty, choose a card',
      'Right to Adam: empty, choose a card',
      "Devil's trick: empty, choose a card",
    ]);
    const confirm = screen.getByTestId('pass-confirm') as HTMLButtonElement;
    const hand = within(screen.getByTestId('hand')).getAllByRole('button');
    fireEvent.click(hand[0]);
    fireEvent.click(hand[1]);
    expect(confirm.disabled).toBe(true);
    // Choosing a chosen card again takes it back out of its slot.
    fireEvent.click(hand[1]);
    expect(slots()[1].getAttribute('aria-label')).toMatch(/empty/);
    fireEvent.click(hand[4]);
    fireEvent.click(hand[2]);
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await Promise.resolve();
    const [l, r, d] = [hand[0], hand[4], hand[2]].map((b) => Number(b.dataset.rank));
    expect(sent).toEqual([{ type: 'pass', pass: { left: l, right: r, devil: [d] } }]);
    const accepted = game.apply({ ...(sent[0] as Extract<ClientAction, { type: 'pass' }>), seat });
    expect(accepted.ok).toBe(true);
  });

  it('labels the four 2-player slots: face-up row, hidden hand and the devil twice', () => {
    const game = newGame({ players: 2 }, 4);
    renderApp(<Table view={view(game, 0)} seats={namedSeats(NAMES.slice(0, 2))} />);
    expect(slots().map((b) => b.getAttribute('aria-label')!.split(':')[0])).toEqual([
      "Opponent's face-up row",
      "Opponent's hand",
      "Devil's trick",
      "Devil's trick",
    ]);
  });

  it('gives the 5-player dealer no devil slot', () => {
    const game = newGame({ players: 5 }, 4);
    const dealer = view(game, null).dealer;
    renderApp(<Table view={view(game, dealer)} seats={namedSeats(NAMES.slice(0, 5))} />);
    expect(slots()).toHaveLength(2);
  });

  it('waits for the others once its own pass is in', () => {
    const game = newGame({ players: 3 }, 4);
    must(game, game.legalActions(0)[0]);
    renderApp(<Table view={view(game, 0)} seats={namedSeats(NAMES.slice(0, 3))} />);
    expect(screen.queryByTestId('pass-panel')).toBeNull();
    expect(screen.getByTestId('status').textContent).toContain('1 of 3 ready');
  });
});
