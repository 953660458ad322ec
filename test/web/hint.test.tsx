// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { view } from '../../src/engine/index.js';
import { Table } from '../../src/web/components/Table.js';
import type { Hint, HintAnswer } from '../../src/web/game/analysis.js';
import { namedSeats } from '../../src/web/game/model.js';
import { NAMES, newGame, passAll, renderApp, untilFollowing } from './helpers.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// A position where seat 0 must follow suit, and a hint for it in the server's shape
// (docs/protocol.md): the first legal card best, each next one 3 points worse.
const game = newGame({ players: 4 }, 8);
passAll(game);
untilFollowing(game, 0);
const v = view(game, 0);
const hint: Hint = {
  best: v.legal[0],
  options: v.legal.map((card, i) => ({ action: card, value: 6 - 3 * i, error: 0.4 })),
  bottleRisk: { now: 0.12, byCard: v.legal.map((card, i) => ({ card, risk: Math.min(1, 0.12 + 0.2 * i) })) },
};
const seats = namedSeats(NAMES.slice(0, 4));

describe('the hint at the table', () => {
  it('asks for a hint, names the best card with the alternatives, puts values on the cards and gives the bottle risk', async () => {
    let asked = 0;
    const ask = async (): Promise<HintAnswer> => {
      asked++;
      return { ok: true, hint };
    };
    const { rerender } = renderApp(<Table view={v} seats={seats} coach={{ ask }} />);
    fireEvent.click(screen.getByTestId('hint'));
    const text = await screen.findByTestId('hint-text');
    expect(asked).toBe(1);
    expect(text.textContent).toContain(`The coach would play ${v.legal[0]}`);
    expect(within(text).getByTestId('bottle-risk').textContent).toContain(
      'Chance of ending the round with a bottle: 12%',
    );
    const hand = screen.getByTestId('hand');
    const best = hand.querySelector(`[data-rank="${v.legal[0]}"]`)!;
    await waitFor(() => expect(best.querySelector('.card-badge')!.textContent).toBe('+6'));
    expect(best.querySelector('.card-badge')!.className).toContain('tone-best');
    expect(best.getAttribute('aria-label')).toContain('the coach’s choice');
    if (v.legal.length > 1)
      expect(hand.querySelector(`[data-rank="${v.legal[1]}"] .card-badge`)!.className).toContain('tone-inaccuracy');
    // The hint belongs to this move: once the position changes it is gone.
    const next = game.clone();
    next.apply({ type: 'play', seat: 0, card: v.legal[0] });
    rerender(<Table view={view(next, 0)} seats={seats} coach={{ ask }} />);
    await waitFor(() => expect(screen.queryByTestId('hint-text')).toBeNull());
    expect(screen.getByTestId('hand').querySelectorAll('.card-badge.tone-best')).toHaveLength(0);
  });

  it('shows a few alternatives with the rest folded, counts the seconds while thinking, closes and opens again without asking', async () => {
    let asked = 0;
    let answer: (a: HintAnswer) => void = () => {};
    const ask = (): Promise<HintAnswer> => {
      asked++;
      return new Promise((resolve) => {
        answer = resolve;
      });
    };
    renderApp(<Table view={v} seats={seats} coach={{ ask }} />);
    fireEvent.click(screen.getByTestId('hint'));
    expect(screen.getByTestId('hint').textContent).toMatch(/^Thinking… 0 s/);
    expect(screen.getByRole('progressbar', { name: 'The coach is thinking' })).toBeTruthy();
    const many: Hint = {
      ...hint,
      options: Array.from({ length: 8 }, (_, i) => ({ action: i + 1, value: -i, error: 0.4 })),
      best: 1,
    };
    answer({ ok: true, hint: many });
    const text = await screen.findByTestId('hint-text');
    expect(
      within(text)
        .getAllByTestId('hint-alternative')
        .filter((e) => !e.closest('details')),
    ).toHaveLength(3);
    expect(within(text).getByTestId('hint-more').textContent).toContain('4 more options');
    fireEvent.click(within(text).getByTestId('hint-close'));
    expect(screen.queryByTestId('hint-text')).toBeNull();
    fireEvent.click(screen.getByTestId('hint'));
    await screen.findByTestId('hint-text');
    expect(asked).toBe(1);
  });

  it('says in German when the host has turned the coach off, and shows no hint button without the coach', async () => {
    const ask = async (): Promise<HintAnswer> => ({ ok: false, error: { code: 'ERR_COACH_OFF', message: 'off' } });
    renderApp(<Table view={v} seats={seats} coach={{ ask }} />, { language: 'de' });
    fireEvent.click(screen.getByTestId('hint'));
    await screen.findByText('Der Gastgeber hat den Trainer an diesem Tisch ausgeschaltet.');
    cleanup();
    renderApp(<Table view={v} seats={seats} />);
    expect(screen.queryByTestId('hint')).toBeNull();
  });
});
