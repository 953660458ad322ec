// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type GameEvent, view, visibleEvents } from '../../src/engine/index.js';
import { recordOf } from '../../src/record/index.js';
import { playedThisRound, ReferenceCard } from '../../src/web/components/ReferenceCard.js';
import { RoundSummary } from '../../src/web/components/RoundSummary.js';
import { Table } from '../../src/web/components/Table.js';
import { namedSeats } from '../../src/web/game/model.js';
import { gameAt, replaySteps } from '../../src/web/game/replay.js';
import { loadPrefs } from '../../src/web/prefs.js';
import { PrefsDialog } from '../../src/web/screens/PrefsDialog.js';
import { NAMES, newGame, passAll, playWhile, renderApp } from './helpers.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('reference card', () => {
  it('lists the whole deck by suit and crosses out the cards played this round', () => {
    const game = newGame({ players: 4 }, 8);
    passAll(game);
    playWhile(game, (g) => g.log[0].plays.length < 6);
    const played = playedThisRound(view(game, 0));
    expect(played.size).toBe(6);
    renderApp(<ReferenceCard extended={false} played={played} />);
    const ref = screen.getByTestId('reference');
    expect(within(ref).getAllByRole('img')).toHaveLength(36);
    const crossed = ref.querySelectorAll('li.played [data-rank]');
    expect([...crossed].map((c) => Number((c as HTMLElement).dataset.rank)).sort((a, b) => a - b)).toEqual(
      [...played].sort((a, b) => a - b),
    );
    cleanup();
    renderApp(<ReferenceCard extended />);
    expect(within(screen.getByTestId('reference')).getAllByRole('img')).toHaveLength(54);
  });
});

describe('end of a round and of the game', () => {
  it('explains each score: the bottle holder pays the devil, the others score their tricks', () => {
    const game = newGame({ players: 4 }, 12);
    passAll(game);
    playWhile(game, (g) => g.log.length === 1);
    const result = game.log[0].result!;
    renderApp(<RoundSummary result={result} seats={namedSeats(NAMES.slice(0, 4))} />);
    const rows = within(screen.getByTestId('round-summary')).getAllByRole('row').slice(1);
    const holder = result.bottles[0].owner;
    rows.forEach((row, s) => {
      const text = row.textContent!;
      expect(text).toContain(String(result.scores[s]));
      if (s === holder) expect(text).toContain(`minus the devil’s ${result.devilPoints}`);
      else expect(text).toContain(`won ${result.wonPoints[s]} point`);
    });
  });

  it('shows the last round’s summary before the game-over dialog, live', () => {
    const game = newGame({ players: 3, rounds: 1 }, 12);
    passAll(game);
    const seats = namedSeats(NAMES.slice(0, 3));
    const { rerender } = renderApp(<Table view={view(game, 0)} seats={seats} arrived={[]} />);
    const events: GameEvent[] = [];
    while (game.phase === 'play') {
      const seat = game.toAct()[0];
      const r = game.apply({ type: 'play', seat, card: game.legalCards(seat)[0] });
      if (r.ok) events.push(...r.value);
    }
    const arrived = visibleEvents(events, 0).map((event, i) => ({ n: i + 1, event }));
    rerender(<Table view={view(game, 0)} seats={seats} arrived={arrived} />);
    expect(screen.getByTestId('summary-dialog')).toBeTruthy();
    expect(screen.queryByTestId('game-over')).toBeNull();
    fireEvent.click(screen.getByTestId('summary-continue'));
    expect(screen.queryByTestId('summary-dialog')).toBeNull();
    expect(screen.getByTestId('game-over')).toBeTruthy();
  });

  it('shows the winners and offers a rematch when the game is over', () => {
    const game = newGame({ players: 3, rounds: 1 }, 12);
    passAll(game);
    playWhile(game, () => true);
    expect(game.phase).toBe('over');
    let rematch = 0;
    renderApp(<Table view={view(game, 0)} seats={namedSeats(NAMES.slice(0, 3))} onRematch={() => rematch++} />);
    const winners = screen.getByTestId('winners').textContent!;
    for (const s of game.winners!) expect(winners).toContain(NAMES[s]);
    fireEvent.click(screen.getByTestId('rematch'));
    expect(rematch).toBe(1);
    expect(screen.queryByTestId('bot-account-badge')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-scores'));
    expect(within(screen.getByTestId('score-sheet')).getAllByRole('row')).toHaveLength(2);
  });

  it('marks a bot account’s seat at the game’s end as on its seat', () => {
    const game = newGame({ players: 3, rounds: 1 }, 12);
    passAll(game);
    playWhile(game, () => true);
    const seats = namedSeats(NAMES.slice(0, 3), [], [false, true, false]);
    renderApp(<Table view={view(game, 0)} seats={seats} />);
    const ranking = within(screen.getByTestId('game-over')).getAllByRole('listitem');
    const marked = ranking.filter((li) => within(li).queryByTestId('bot-account-badge'));
    expect(marked.map((li) => li.textContent)).toEqual([
      expect.stringMatching(new RegExp(`^ ${NAMES[1]} bot account -?\\d+$`)),
    ]);
    expect(within(screen.getByTestId('seat-1')).getByTestId('bot-account-badge').textContent).toBe('bot account');
  });
});

describe('the table in play', () => {
  it('marks teams, the dealer and the first player on each seat', () => {
    const game = newGame({ players: 4, mode: '2-1-1' }, 14);
    passAll(game);
    const v = view(game, 0);
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 4))} />);
    for (let s = 0; s < 4; s++) {
      const seat = screen.getByTestId(`seat-${s}`);
      expect(seat.getAttribute('aria-label')).toContain(`Team ${v.teams![s]}`);
      expect(seat.getAttribute('aria-label')!.includes('Dealer')).toBe(s === v.dealer);
      expect(seat.getAttribute('aria-label')!.includes('First player')).toBe(s === v.firstPlayer);
    }
  });

  it('logs every finished trick and shows the last one again on request', () => {
    const game = newGame({ players: 3 }, 14);
    passAll(game);
    playWhile(game, (g) => g.log[0].tricks.length < 2);
    const v = view(game, 0);
    renderApp(<Table view={v} seats={namedSeats(NAMES.slice(0, 3))} />);
    fireEvent.click(screen.getByTestId('tab-log'));
    const logged = within(screen.getByTestId('game-log')).getAllByRole('listitem');
    expect(logged).toHaveLength(2);
    const last = v.tricks[1];
    expect(logged[0].textContent).toContain(`${NAMES[last.winner]} takes the trick (${last.points} points`);
    fireEvent.click(screen.getByTestId('last-trick'));
    const shown = within(screen.getByTestId('trick'))
      .getAllByRole('img')
      .map((c) => Number(c.dataset.rank));
    expect(shown).toEqual(last.cards.map((c) => c.card));
    expect(screen.getByTestId('trick-hint').textContent).toContain(NAMES[last.winner]);
  });
});

describe('replay', () => {
  it('steps through a recorded game to the same end as the game itself', () => {
    const game = newGame({ players: 4, rounds: 2 }, 30);
    for (let r = 0; r < 2; r++) {
      passAll(game);
      playWhile(game, (g) => g.log.length === r + 1 && g.phase === 'play');
    }
    const record = recordOf(game, NAMES.slice(0, 4));
    const steps = replaySteps(record);
    // Per round: the deal, then every one of 32 plays and the moment before the first.
    expect(steps).toHaveLength(2 * (1 + 33));
    const end = gameAt(record, steps[steps.length - 1]);
    expect(end.totals).toEqual(game.totals);
    const midway = gameAt(record, { round: 1, plays: 5 });
    expect(midway.log[1].plays).toEqual(game.log[1].plays.slice(0, 5));
  });
});

describe('preferences', () => {
  it('are kept in local storage and change the language', () => {
    renderApp(<PrefsDialog onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('pref-sort-rank'));
    fireEvent.click(screen.getByTestId('pref-cardStyle-colorblind'));
    fireEvent.click(screen.getByTestId('pref-language-de'));
    expect(loadPrefs()).toMatchObject({ sort: 'rank', cardStyle: 'colorblind', language: 'de' });
    expect(document.documentElement.dataset.cards).toBe('colorblind');
    expect(screen.getByRole('dialog', { name: 'Einstellungen' })).toBeTruthy();
  });
});
