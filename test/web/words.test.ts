/**
 * German wording a player tripped over: suits are nouns ("Du hast Blau"), and after a sale
 * the bottle is bought by whoever plays under its price, it buys nothing itself.
 */
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../src/web/i18n.js';

describe('German words', () => {
  const t = initI18n('de').getFixedT('de');

  it('names a suit as a noun in the guided game and the status line', () => {
    const suit = t('suit.blue');
    expect(t('learn.follow', { leader: 'Betty', suit, card: '17' })).toContain('Du hast Blau,');
    expect(t('status.yourTurnFollow', { suit })).toBe('Du bist dran: bediene Blau.');
  });

  it('says who buys the bottle after its price fell', () => {
    const text = t('learn.firstTrick', { card: '17', before: '19', who: 'Doris' });
    expect(text).toContain('kauft sie nur noch, wer eine Karte unter 17 spielt');
    expect(text).not.toMatch(/kann sie nur noch eine Karte/);
  });
});
