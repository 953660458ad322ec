// @vitest-environment jsdom
/**
 * The turn clock at the table: a countdown on each seat that must act, the player's own
 * in the status strip, urgent in the last ten seconds, and "I'm back" when a bot plays
 * for the player. Real engine games; the clock is the deadline the server sends.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { view } from '../../src/engine/index.js';
import { Table } from '../../src/web/components/Table.js';
import { namedSeats } from '../../src/web/game/model.js';
import { NAMES, newGame, passAll, renderApp } from './helpers.js';

const NOW = 1_800_000_000_000;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** A 4-player game in play, and the seat to act. */
function playing() {
  const game = newGame({ players: 4 }, 11);
  passAll(game);
  return { game, acting: game.toAct()[0] };
}

describe('the turn clock at the table', () => {
  it('counts down on the seat that must act, and on no other', () => {
    const { game, acting } = playing();
    const viewer = (acting + 1) % 4;
    const clocks = [null, null, null, null].map((_, s) => (s === acting ? NOW + 32_000 : null));
    renderApp(<Table view={view(game, viewer)} seats={namedSeats(NAMES.slice(0, 4))} clocks={clocks} />);

    expect(screen.getByTestId(`clock-${acting}`).textContent).toBe('32s');
    expect(screen.getByTestId(`clock-${acting}`).getAttribute('aria-label')).toBe('32 seconds left');
    expect(screen.getAllByRole('timer')).toHaveLength(1);
    // Not this player's turn: no countdown of its own in the status strip.
    expect(screen.queryByTestId('my-clock')).toBeNull();
    tick(5_000);
    expect(screen.getByTestId(`clock-${acting}`).textContent).toBe('27s');
    expect(screen.getByTestId(`clock-${acting}`).className).not.toContain('low');
    tick(18_000);
    expect(screen.getByTestId(`clock-${acting}`).textContent).toBe('9s');
    expect(screen.getByTestId(`clock-${acting}`).className).toContain('low');
    // Run out, it stays at zero until the server says what happened.
    tick(20_000);
    expect(screen.getByTestId(`clock-${acting}`).textContent).toBe('0s');
  });

  it('shows the player its own clock in the status strip, in minutes above a minute', () => {
    const { game, acting } = playing();
    const clocks = [null, null, null, null].map((_, s) => (s === acting ? NOW + 75_000 : null));
    renderApp(<Table view={view(game, acting)} seats={namedSeats(NAMES.slice(0, 4))} clocks={clocks} />);

    expect(screen.getByTestId('my-clock').textContent).toContain('1:15 left');
    // It comes first, so that a long status never cuts it off.
    expect(screen.getByTestId('status').textContent).toMatch(/^1:15 left · /);
    expect(screen.getByTestId(`clock-${acting}`).textContent).toBe('1:15');
    tick(16_000);
    expect(screen.getByTestId('my-clock').textContent).toContain('59s left');
    // The status strip is a live region: the countdown in it is hidden from screen readers,
    // which read the seat's timer instead.
    expect(screen.getByTestId('my-clock').getAttribute('aria-hidden')).toBe('true');
  });

  it('without a clock (off) shows no countdown at all', () => {
    const { game, acting } = playing();
    renderApp(
      <Table view={view(game, acting)} seats={namedSeats(NAMES.slice(0, 4))} clocks={[null, null, null, null]} />,
    );
    expect(screen.queryAllByRole('timer')).toEqual([]);
    expect(screen.queryByTestId('my-clock')).toBeNull();
  });

  it('tells a replaced player that a bot plays for it, and "I’m back" takes the seat back', async () => {
    const { game, acting } = playing();
    const seats = namedSeats(NAMES.slice(0, 4)).map((s, i) => (i === acting ? { ...s, away: true } : s));
    let asked = 0;
    const onBack = async () => {
      asked++;
      return null;
    };
    renderApp(<Table view={view(game, acting)} seats={seats} clocks={[null, null, null, null]} onBack={onBack} />, {
      language: 'de',
    });
    expect(screen.getByTestId('status').textContent).toContain('Ein Bot spielt für dich');
    const back = screen.getByTestId('seat-back');
    expect(back.textContent).toBe('Ich bin zurück');
    fireEvent.click(back);
    await act(async () => {});
    expect(asked).toBe(1);
  });

  it('shows no "I’m back" to a player who plays its own seat', () => {
    const { game, acting } = playing();
    renderApp(<Table view={view(game, acting)} seats={namedSeats(NAMES.slice(0, 4))} onBack={async () => null} />);
    expect(screen.queryByTestId('seat-back')).toBeNull();
  });
});
