/** A random legal choice from a seat's view, as a simple client would make it. */
import type { TableView } from '../../../src/engine/index.js';
import { devilCardsOf, setupFor } from '../../../src/engine/setup.js';
import type { ClientAction } from '../../../src/protocol/messages.js';

export function chooseAction(view: TableView, random: () => number): ClientAction {
  if (view.phase === 'play') return { type: 'play', card: view.legal[Math.floor(random() * view.legal.length)] };
  const hand = [...view.hand!];
  const pick = () => hand.splice(Math.floor(random() * hand.length), 1)[0];
  const devils = devilCardsOf(setupFor(view.options.players), view.viewer!, view.dealer);
  if (view.options.players === 2)
    return { type: 'pass', pass: { faceUp: pick(), hidden: pick(), devil: [pick(), pick()] } };
  const left = pick();
  const right = pick();
  return { type: 'pass', pass: { left, right, devil: devils === 0 ? [] : [pick()] } };
}
