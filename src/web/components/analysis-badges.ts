/** The values of the legal cards of an analysed decision, as badges on the cards in the replay's hands. */
import type { TFunction } from 'i18next';
import type { Rank } from '../../engine/index.js';
import { type AnalysedDecision, type Analysis, toneOf } from '../game/analysis.js';
import { formatPoints, formatSigned } from '../numbers.js';
import type { CardBadge } from './Card.js';

/** The value of every legal card of a card decision, for the cards in the deciding seat's hand. */
export function optionBadges(
  d: AnalysedDecision,
  thresholds: Analysis['thresholds'],
  t: TFunction,
): Map<Rank, CardBadge> {
  const out = new Map<Rank, CardBadge>();
  if (d.kind !== 'card') return out;
  const best = Math.max(...d.options.map((o) => o.value));
  for (const o of d.options) {
    const card = o.action as Rank;
    const tone =
      card === d.chosen && d.class !== 'forced' && card !== d.best ? d.class : toneOf(best - o.value, thresholds);
    const words = [
      t('analysis.valueLabel', { value: formatSigned(o.value), error: formatPoints(o.error) }),
      card === d.best ? t('analysis.best') : null,
      card === d.chosen ? t('analysis.chosen') : null,
    ];
    out.set(card, { text: formatSigned(o.value), tone, label: words.filter(Boolean).join(', ') });
  }
  return out;
}
