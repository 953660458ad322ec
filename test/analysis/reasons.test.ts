/**
 * Every reason code of an analysis (docs/analysis.md) has words in every client: the
 * command line's English and the web client's English and German, for each trick outcome
 * and for one card and several left; and the web client still shows the English line of
 * an analysis stored before reasons had codes.
 */
import { describe, expect, test } from 'vitest';
import { REASON_CODES, type Reason, TRICK_CODES, type TrickOutcome } from '../../src/analysis/index.js';
import { reasonText as cliText } from '../../src/cli/analysis-text.js';
import { type AnalysedDecision, reasonText as webText } from '../../src/web/game/analysis.js';
import { initI18n } from '../../src/web/i18n.js';

const pass = { left: 22, right: 30, devil: [34] };

/** One reason of each code, with and without a trick outcome, the best option a card or a pass. */
function samples(): Reason[] {
  const tricks: (TrickOutcome | undefined)[] = [undefined];
  for (const code of TRICK_CODES)
    for (const cardsLeft of [1, 4])
      tricks.push(code === 'takesTrick' ? { code, cardsLeft } : { code, price: 18.5, cardsLeft });
  const out: Reason[] = [];
  for (const code of REASON_CODES) {
    if (code === 'forced') out.push({ code });
    if (code === 'best') out.push({ code, risk: 0.31 });
    if (code === 'withinError') out.push({ code, best: 17, error: 0.84 }, { code, best: pass, error: 1.2 });
    for (const trick of tricks) {
      const extra = trick ? { trick } : {};
      if (code === 'riskier') out.push({ code, best: 17, risk: 0.64, bestRisk: 0.12, ...extra });
      if (code === 'safer') out.push({ code, best: pass, risk: 0.1, bestRisk: 0.3, loss: 6.13, ...extra });
      if (code === 'points') out.push({ code, best: 17, loss: 6.13, value: 2.3, bestValue: 8.43, ...extra });
    }
  }
  return out;
}

const buys = (price: number, cardsLeft: number): TrickOutcome => ({ code: 'buysBottle', price, cardsLeft });

const decision = (reason: Reason | undefined, why?: string): AnalysedDecision => ({
  round: 0,
  play: 4,
  seat: 1,
  kind: 'card',
  chosen: 24,
  best: 17,
  options: [],
  loss: 6.1,
  class: 'mistake',
  reason,
  why,
});

describe('reason codes', () => {
  const all = samples();

  test('cover every code and trick outcome', () => {
    expect(new Set(all.map((r) => r.code))).toEqual(new Set(REASON_CODES));
    const tricks = all.flatMap((r) => ('trick' in r && r.trick ? [r.trick.code] : []));
    expect(new Set(tricks)).toEqual(new Set(TRICK_CODES));
  });

  test('the command line says each in English', () => {
    expect(cliText({ code: 'points', best: 17, loss: 6.13, value: 2.3, bestValue: 8.43 })).toBe(
      '17 scores 6.1 points more on average (8.4 against 2.3)',
    );
    expect(cliText({ code: 'riskier', best: 7, risk: 0.5, bestRisk: 0, trick: buys(9, 1) })).toBe(
      'buys the bottle at 9 with 1 card left; ends the round with a bottle in 50 % of deals, 0 % with 7',
    );
    const texts = all.map(cliText);
    for (const text of texts) expect(text).toMatch(/^[a-z0-9][^{}\n]+$/);
    expect(new Set(texts).size).toBe(texts.length);
  });

  test.each(['en', 'de'] as const)('the web client says each in %s, different from the other language', (lng) => {
    const i18n = initI18n(lng);
    const t = i18n.getFixedT(lng);
    const other = i18n.getFixedT(lng === 'en' ? 'de' : 'en');
    const texts = all.map((r) => webText(decision(r), t));
    texts.forEach((text, k) => {
      expect(text).not.toMatch(/\{\{|\}\}|analysis\.|undefined/);
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toBe(webText(decision(all[k]), other));
    });
    expect(new Set(texts).size).toBe(texts.length);
    // The figures are in the words, as the language writes them: risks in per cent, points
    // with one decimal, half ranks as ½.
    const [percents, points] =
      lng === 'en' ? [/64%.*12%/, /6\.1.*8\.4.*2\.3/] : [/64\u00a0%.*12\u00a0%/, /6,1.*8,4.*2,3/];
    expect(webText(decision({ code: 'riskier', best: 7, risk: 0.64, bestRisk: 0.12 }), t)).toMatch(percents);
    expect(webText(decision({ code: 'points', best: 17, loss: 6.13, value: 2.3, bestValue: 8.43 }), t)).toMatch(points);
    expect(webText(decision({ code: 'riskier', best: 7, risk: 0.5, bestRisk: 0, trick: buys(18.5, 2) }), t)).toMatch(
      /18½.*2/,
    );
  });

  test('an analysis stored before reasons had codes shows its English line', () => {
    const t = initI18n('de').getFixedT('de');
    expect(webText(decision(undefined, 'keeps the bottle at 7 with 2 cards left'), t)).toBe(
      'keeps the bottle at 7 with 2 cards left',
    );
  });
});
