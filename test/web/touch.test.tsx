// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type GameEvent, type TableView, view, visibleEvents } from '../../src/engine/index.js';
import type { ClientAction } from '../../src/protocol/messages.js';
import { Bottles } from '../../src/web/components/Bottles.js';
import { shortNames } from '../../src/web/components/names.js';
import { Table } from '../../src/web/components/Table.js';
import { namedSeats, type SeatLabel } from '../../src/web/game/model.js';
import { initI18n } from '../../src/web/i18n.js';
import { NAMES, newGame, passAll, record, renderApp, untilFollowing } from './helpers.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A finger's tap on an element: a touch press, then the click it turns into. */
function tap(el: Element) {
  fireEvent.pointerDown(el, { pointerType: 'touch' });
  fireEvent.click(el, { detail: 1 });
}

function myTurn(seed = 5) {
  const game = newGame({ players: 4 }, seed);
  passAll(game);
  untilFollowing(game, 1);
  const seat = game.toAct()[0];
  return { game, seat, v: view(game, seat) };
}

function playableButtons(): HTMLElement[] {
  return within(screen.getByTestId('hand'))
    .getAllByRole('button')
    .filter((b) => b.classList.contains('playable'));
}

describe('playing by touch', () => {
  it('lifts a card on the first tap and says what it would do; the second tap plays it', async () => {
    const { v } = myTurn();
    const sent: ClientAction[] = [];
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} onAct={record(sent)} />);
    const card = playableButtons()[0];
    const rank = Number(card.dataset.rank);
    tap(card);
    expect(sent).toEqual([]);
    expect(card.classList.contains('lifted')).toBe(true);
    expect(screen.getByTestId('trick-preview').textContent).toMatch(new RegExp(`^Playing ${rank} would`));
    expect((screen.getByTestId('play-lifted') as HTMLButtonElement).disabled).toBe(false);
    tap(card);
    await Promise.resolve();
    expect(sent).toEqual([{ type: 'play', card: rank }]);
  });

  it('plays the lifted card with the Play button, and puts it back on a tap elsewhere', async () => {
    const { v } = myTurn(6);
    const sent: ClientAction[] = [];
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} onAct={record(sent)} />);
    const [first, second] = playableButtons();
    tap(first);
    // Tapping another playable card lifts that one instead.
    if (second) {
      tap(second);
      expect(first.classList.contains('lifted')).toBe(false);
      expect(second.classList.contains('lifted')).toBe(true);
    }
    fireEvent.pointerDown(screen.getByTestId('trick'), { pointerType: 'touch' });
    expect(screen.queryByTestId('trick-preview')).toBeNull();
    expect((screen.getByTestId('play-lifted') as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([]);
    tap(first);
    fireEvent.pointerDown(screen.getByTestId('play-lifted'), { pointerType: 'touch' });
    fireEvent.click(screen.getByTestId('play-lifted'), { detail: 1 });
    await Promise.resolve();
    expect(sent).toEqual([{ type: 'play', card: Number(first.dataset.rank) }]);
  });

  it('plays on the first tap when the player chose one-tap play', async () => {
    const { v } = myTurn();
    const sent: ClientAction[] = [];
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} onAct={record(sent)} />, {
      prefs: { tap: 'once' },
    });
    const card = playableButtons()[0];
    tap(card);
    await Promise.resolve();
    expect(sent).toEqual([{ type: 'play', card: Number(card.dataset.rank) }]);
    expect(screen.queryByTestId('play-lifted')).toBeNull();
  });

  it('keeps the keyboard focus in the hand after a card is played', async () => {
    const game = newGame({ players: 3 }, 3);
    passAll(game);
    const seat = game.toAct()[0];
    const sent: ClientAction[] = [];
    const seats = namedSeats(NAMES.slice(0, 3));
    const { rerender } = renderApp(<Table view={view(game, seat)} seats={seats} onAct={record(sent)} />);
    fireEvent.keyDown(document.body, { key: '2' });
    const focused = document.activeElement as HTMLElement;
    expect(focused.dataset.rank).toBeDefined();
    fireEvent.click(focused);
    await Promise.resolve();
    const card = (sent[0] as { card: number }).card;
    const r = game.apply({ type: 'play', seat, card });
    if (!r.ok) throw new Error(r.error.detail);
    rerender(<Table view={view(game, seat)} seats={seats} onAct={record(sent)} />);
    const hand = screen.getByTestId('hand');
    expect(hand.contains(document.activeElement)).toBe(true);
    expect(within(hand).queryByRole('button', { name: new RegExp(`^${card} `) })).toBeNull();
  });
});

describe('players you can tell apart', () => {
  const t = initI18n('en').t;
  const label = (name: string | null, bot: SeatLabel['bot'] = null): SeatLabel => ({
    name,
    bot,
    connected: true,
    away: false,
  });

  it('calls bots by their seat, cuts long names and keeps the cut names distinct', () => {
    const seats = [
      label('Keawe'),
      label('Medium bot 2', 'medium'),
      label('Medium bot 3', 'medium'),
      label('Alexandra Longname'),
      label('Alexandra Longfellow'),
      label(null),
    ];
    expect(shortNames(seats, 6, t)).toEqual(['Keawe', 'Bot 2', 'Bot 3', 'Alexandr… 4', 'Alexandr… 5', 'Seat 6']);
    const de = initI18n('de').t;
    expect(shortNames(seats, 6, de)[1]).toBe('Bot 2');
  });

  it('labels each trick card with the seat that played it, in that seat’s colour', () => {
    const { game, seat } = myTurn();
    const v = view(game, seat);
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} />);
    const slots = [...screen.getByTestId('trick').querySelectorAll('li')];
    // A full trick's places are there from the start: the area never grows.
    expect(slots).toHaveLength(4);
    v.trick.cards.forEach((c, i) => {
      expect(slots[i].textContent).toContain(NAMES[c.seat]);
      expect(slots[i].querySelector(`.seat-color-${c.seat}`)).not.toBeNull();
    });
  });
});

describe('half prices and the animation setting', () => {
  it('writes a half price as 18½ on the bottle, as on the cards', () => {
    const game = newGame({ players: 5 }, 2);
    passAll(game);
    const v = view(game, 0);
    const half: TableView = { ...v, bottles: [{ ...v.bottles[0], price: 18.5 }, ...v.bottles.slice(1)] };
    renderApp(<Bottles view={half} seats={namedSeats(NAMES.slice(0, 5))} />);
    expect(screen.getByTestId('bottle-1').textContent).toContain('18½');
    expect(screen.getByTestId('bottle-1').getAttribute('aria-label')).toContain('price 18½');
  });

  it('still shows a finished trick with animations off, until the next card is played', () => {
    const game = newGame({ players: 3 }, 14);
    passAll(game);
    const seats = namedSeats(NAMES.slice(0, 3));
    const { rerender } = renderApp(<Table view={view(game, 0)} seats={seats} arrived={[]} />, {
      prefs: { speed: 'off' },
    });
    const events: GameEvent[] = [];
    while (!events.some((e) => e.type === 'trickWon')) {
      const seat = game.toAct()[0];
      const r = game.apply({ type: 'play', seat, card: game.legalCards(seat)[0] });
      if (!r.ok) throw new Error(r.error.detail);
      events.push(...r.value);
    }
    const arrived = visibleEvents(events, 0).map((event, i) => ({ n: i + 1, event }));
    rerender(<Table view={view(game, 0)} seats={seats} arrived={arrived} />);
    const shown = within(screen.getByTestId('trick'))
      .getAllByRole('img')
      .map((c) => Number(c.dataset.rank));
    expect(shown).toEqual(game.log[0].tricks[0].cards.map((c) => c.card));
    expect(screen.getByTestId('trick-hint').textContent).toContain('takes the trick');
  });
});
