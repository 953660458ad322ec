/**
 * The preview's words at 2 players, where a seat plays twice a trick: when the seat's
 * earlier card is the one that would win, the words name that card and its price, not
 * the card being lifted (issue: "would buy the bottle for 17" when 3 won at 3).
 */
import { describe, expect, it } from 'vitest';
import { type Game, type Rank, type TableView, view } from '../../src/engine/index.js';
import { previewText } from '../../src/web/components/TrickArea.js';
import { namedSeats } from '../../src/web/game/model.js';
import { previewPlay } from '../../src/web/game/preview.js';
import { initI18n } from '../../src/web/i18n.js';
import { must, NAMES, newGame, passAll } from './helpers.js';

const seats = namedSeats(NAMES.slice(0, 2));

/** The first moment, over some deals, where the viewer to act has a card of `kind` to lift. */
function find(kind: (v: TableView, card: Rank) => boolean): { v: TableView; card: Rank } {
  for (let seed = 1; seed < 200; seed++) {
    const game: Game = newGame({ players: 2, rounds: 1 }, seed);
    passAll(game);
    while (game.phase === 'play') {
      const seat = game.toAct()[0];
      const v = view(game, seat);
      const card = v.legal.find((c) => kind(v, c));
      if (card !== undefined) return { v, card };
      must(game, { type: 'play', seat, card: v.legal[0] });
    }
  }
  throw new Error('no such moment');
}

describe('the preview at 2 players', () => {
  const own = (bottle: boolean, final: boolean) => (v: TableView, card: Rank) => {
    const p = previewPlay(v, card);
    return p !== null && p.seat === v.viewer && p.card !== card && p.takesBottle === bottle && p.final === final;
  };

  for (const language of ['en', 'de'] as const) {
    const t = initI18n(language).getFixedT(language);
    it(`names the seat's own earlier card that would win and buy the bottle, in ${language}`, () => {
      const { v, card } = find(own(true, true));
      const winner = previewPlay(v, card)!.card;
      const text = previewText(v, card, seats, t)!;
      expect(text).toContain(String(card));
      expect(text.endsWith(language === 'en' ? `bottle for ${winner}.` : `Flasche für ${winner}.`)).toBe(true);
      expect(text).toContain(language === 'en' ? `your ${winner}` : `deine ${winner}`);
    });

    it(`names the own earlier card ahead for now, and the price it would buy at, in ${language}`, () => {
      const { v, card } = find(own(true, false));
      const winner = previewPlay(v, card)!.card;
      const text = previewText(v, card, seats, t)!;
      expect(text).toContain(language === 'en' ? `bottle for ${winner} if it holds` : `Flasche für ${winner}, wenn`);
      expect(text).not.toContain(`für ${card},`);
      expect(text).not.toContain(`for ${card} `);
    });

    it(`says the lifted card itself wins when it does, in ${language}`, () => {
      const { v, card } = find((v, c) => {
        const p = previewPlay(v, c);
        return p !== null && p.card === c && p.takesBottle && p.final;
      });
      const text = previewText(v, card, seats, t)!;
      expect(text).toBe(
        language === 'en'
          ? `Playing ${card} would win this trick and buy the bottle for ${card}.`
          : `Mit der ${card} gewinnst du diesen Stich und kaufst die Flasche für ${card}.`,
      );
    });
  }
});
