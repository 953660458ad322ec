/** Rendering with the app's providers, and real engine games in chosen states. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type Action, Game, type GameOptions, view } from '../../src/engine/index.js';
import type { ClientAction } from '../../src/protocol/messages.js';
import { initI18n, type Language } from '../../src/web/i18n.js';
import { defaultPrefs, type Prefs, PrefsProvider } from '../../src/web/prefs.js';

export function renderApp(ui: ReactElement, options: { language?: Language; prefs?: Partial<Prefs> } = {}) {
  const language = options.language ?? 'en';
  const i18n = initI18n(language);
  const prefs = { ...defaultPrefs(), language, ...options.prefs };
  const wrap = (inner: ReactElement) => (
    <I18nextProvider i18n={i18n}>
      <PrefsProvider initial={prefs}>{inner}</PrefsProvider>
    </I18nextProvider>
  );
  const result = render(wrap(ui));
  // Re-render inside the same providers, so the component keeps its state.
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}

export function newGame(options: GameOptions, seed = 7): Game {
  const made = Game.create(options, seed);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

export function must(game: Game, action: Action): void {
  const r = game.apply(action);
  if (!r.ok) throw new Error(r.error.detail);
}

/** Every seat passes its first legal pass, so play begins. */
export function passAll(game: Game): void {
  for (let s = 0; s < game.players; s++) must(game, game.legalActions(s)[0]);
}

/** Play the lowest legal card until `until` says stop. */
export function playWhile(game: Game, go: (g: Game) => boolean): void {
  while (game.phase === 'play' && go(game)) {
    const seat = game.toAct()[0];
    must(game, { type: 'play', seat, card: game.legalCards(seat)[0] });
  }
}

/** Play until it is `seat`'s turn with some, but not all, of its cards legal: a follow-suit moment. */
export function untilFollowing(game: Game, seat: number): void {
  playWhile(game, (g) => {
    const v = view(g, seat);
    return !(g.toAct()[0] === seat && v.legal.length > 0 && v.legal.length < (v.hand?.length ?? 0));
  });
  if (game.phase !== 'play') throw new Error('no follow-suit moment found');
}

export const NAMES = ['Adam', 'Betty', 'Christian', 'Doris', 'Emma', 'Felix'];

/** An onAct that keeps every action sent and accepts it. */
export function record(sent: ClientAction[]): (a: ClientAction) => Promise<null> {
  return async (a) => {
    sent.push(a);
    return null;
  };
}
