/**
 * Numbers in each language's form: decimal commas, the no-break space before "%", French
 * grouping by a narrow no-break space, Swedish's minus sign; and the coach's and the analysis's words carry
 * them in the page's language.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AnalysedDecision } from '../../src/web/game/analysis.js';
import { reasonText } from '../../src/web/game/analysis.js';
import { i18n, initI18n, loadLanguage } from '../../src/web/i18n.js';
import { formatInteger, formatPercent, formatPoints, formatSigned } from '../../src/web/numbers.js';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const MINUS = '\u2212';

describe('numbers as each language writes them', () => {
  it('writes a share as whole percent, with the space a language puts before the sign', () => {
    expect(formatPercent(0.125, 'en')).toBe('13%');
    expect(formatPercent(0.125, 'de')).toBe(`13${NBSP}%`);
    expect(formatPercent(0.125, 'fr')).toBe(`13${NBSP}%`);
    expect(formatPercent(0.125, 'es')).toBe(`13${NBSP}%`);
    expect(formatPercent(0.125, 'sv')).toBe(`13${NBSP}%`);
    expect(formatPercent(0.125, 'it')).toBe('13%');
    expect(formatPercent(0.125, 'nl')).toBe('13%');
    expect(formatPercent(0.125, 'pl')).toBe('13%');
    expect(formatPercent(1, 'de')).toBe(`100${NBSP}%`);
  });

  it('writes points with one decimal, a comma in every language but English', () => {
    expect(formatPoints(3.46, 'en')).toBe('3.5');
    for (const language of ['de', 'fr', 'es', 'it', 'nl', 'pl', 'sv']) expect(formatPoints(3.46, language)).toBe('3,5');
    expect(formatPoints(2, 'pl')).toBe('2,0');
  });

  it('signs a value, with no sign when it rounds to zero, and Swedish’s minus', () => {
    expect(formatSigned(8.44, 1, 'en')).toBe('+8.4');
    expect(formatSigned(-3, 1, 'de')).toBe('-3,0');
    expect(formatSigned(-3, 1, 'sv')).toBe(`${MINUS}3,0`);
    expect(formatSigned(-0.04, 1, 'fr')).toBe('0,0');
    expect(formatSigned(6.4, 0, 'it')).toBe('+6');
    expect(formatSigned(0, 0, 'nl')).toBe('0');
    expect(formatSigned(-12, 0, 'sv')).toBe(`${MINUS}12`);
  });

  it('writes whole numbers with the language’s minus sign and grouping', () => {
    expect(formatInteger(-12, 'en')).toBe('-12');
    expect(formatInteger(-12, 'sv')).toBe(`${MINUS}12`);
    expect(formatInteger(1234, 'de')).toBe('1.234');
    expect(formatInteger(1234, 'fr')).toBe(`1${NNBSP}234`);
  });
});

describe('the analysis’s reasons in the page’s language', () => {
  afterAll(() => {
    initI18n('en');
  });

  const decision = {
    seat: 0,
    kind: 'card',
    chosen: 30,
    best: 8,
    class: 'mistake',
    options: [],
    loss: 2.46,
    reason: { code: 'safer', best: 8, risk: 0.125, bestRisk: 0.375, loss: 2.46 },
  } as unknown as AnalysedDecision;

  it('puts the risk and points in each language’s form', async () => {
    initI18n('en');
    for (const language of ['fr', 'sv'] as const) await loadLanguage(language);
    const cases = [
      ['en', '13%', '38%', '2.5'],
      ['de', `13${NBSP}%`, `38${NBSP}%`, '2,5'],
      ['fr', `13${NBSP}%`, `38${NBSP}%`, '2,5'],
      ['sv', `13${NBSP}%`, `38${NBSP}%`, '2,5'],
    ] as const;
    for (const [language, risk, bestRisk, loss] of cases) {
      initI18n(language);
      const text = reasonText(decision, i18n.t);
      expect(text, text).toContain(risk);
      expect(text, text).toContain(bestRisk);
      expect(text, text).toContain(loss);
    }
  });
});
