/**
 * The status line is worked out from the view alone (src/web/components/status-line.ts):
 * what the player is to do, whom the table waits for, and the cards received in the pass
 * until the first trick is played, in English and German.
 */
import { describe, expect, it } from 'vitest';
import { view } from '../../src/engine/index.js';
import { statusLine } from '../../src/web/components/status-line.js';
import { namedSeats } from '../../src/web/game/model.js';
import { initI18n } from '../../src/web/i18n.js';
import { must, NAMES, newGame, passAll, untilFollowing } from './helpers.js';

const seats = namedSeats(NAMES.slice(0, 4));
const idle = { away: false, myTurn: false };

describe('the status line', () => {
  const en = initI18n('en').getFixedT('en');
  const de = initI18n('de').getFixedT('de');

  it('asks for the pass, then counts who is ready, and tells a spectator what goes on', () => {
    const game = newGame({ players: 4, rounds: 1 });
    expect(statusLine(view(game, 0), seats, en, idle).status).toBe('Pass cards: pick a slot, then a card.');
    must(game, game.legalActions(0)[0]);
    expect(statusLine(view(game, 0), seats, en, idle).status).toBe('Passed. Waiting for the others (1 of 4 ready).');
    expect(statusLine(view(game, null), seats, de, idle).status).toBe('Die Spieler wählen Karten zum Weitergeben.');
  });

  it('names the received cards and their givers until the first trick is played', () => {
    const game = newGame({ players: 4, rounds: 1 });
    passAll(game);
    const v = view(game, 0);
    const line = statusLine(v, seats, en, idle);
    expect(v.received?.length).toBeGreaterThan(0);
    for (const r of v.received ?? []) expect(line.received).toContain(`${r.card} from `);
    while (view(game, 0).tricks.length === 0) {
      const seat = game.toAct()[0];
      must(game, { type: 'play', seat, card: game.legalCards(seat)[0] });
    }
    expect(statusLine(view(game, 0), seats, en, idle).received).toBe('');
  });

  it('says whose turn it is, and which suit the player must follow, in both languages', () => {
    const game = newGame({ players: 4, rounds: 1 });
    passAll(game);
    untilFollowing(game, 2);
    const v = view(game, 2);
    const suit = v.mustFollow;
    expect(suit).toBeTruthy();
    const mine = { away: false, myTurn: true };
    expect(statusLine(v, seats, en, mine).status).toBe(`Your turn: follow ${en(`suit.${suit}`)}.`);
    expect(statusLine(v, seats, de, mine).status).toBe(`Du bist dran: bediene ${de(`suit.${suit}`)}.`);
    expect(statusLine(view(game, 0), seats, en, idle).status).toMatch(/^Waiting for .+…$/);
  });

  it('says a stand-in plays while the player is away, before anything else', () => {
    const game = newGame({ players: 4, rounds: 1 });
    expect(statusLine(view(game, 0), seats, en, { away: true, myTurn: false }).status).toBe(en('clock.away'));
  });
});
