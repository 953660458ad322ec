/**
 * The words of the turn clock (the host's choice, the countdowns, a bot standing in, "I'm
 * back"), in their own file like coach.ts; en.ts and de.ts spread them in.
 */
import type { Shape } from './shape.js';

export const clockEn = {
  clock: {
    option: 'Turn clock',
    optionHelp:
      'How long each player has for a card (twice as long for the pass) before a bot plays for them. They take their seat back by playing or with “I’m back”.',
    choice: {
      off: 'Off (for friends)',
      relaxed: 'Relaxed: {{seconds}} s a card',
      normal: 'Normal: {{seconds}} s a card',
      fast: 'Fast: {{seconds}} s a card',
    },
    short: 'no clock',
    shortOn: '{{seconds}} s clock',
    yours: '{{time}} left',
    away: 'Time’s up: a bot plays for you.',
    back: 'I’m back',
    standInRound: 'You were away: a bot played for you in this round.',
    standInGame_one: 'You were away: a bot played for you in {{count}} round.',
    standInGame_other: 'You were away: a bot played for you in {{count}} rounds.',
    summaryPass: 'Your pass clock runs: {{time}} left.',
    summaryReading: 'This closes in {{time}}, then your pass clock runs ({{clock}}).',
  },
};

export const clockDe: Shape<typeof clockEn> = {
  clock: {
    option: 'Zugzeit',
    optionHelp:
      'So lange hat jede Person für eine Karte (für das Schieben doppelt so lange), bevor ein Bot für sie spielt. Mit einem Zug oder „Ich bin zurück“ übernimmt sie ihren Platz wieder.',
    choice: {
      off: 'Aus (unter Freunden)',
      relaxed: 'Gemütlich: {{seconds}} s pro Karte',
      normal: 'Normal: {{seconds}} s pro Karte',
      fast: 'Schnell: {{seconds}} s pro Karte',
    },
    short: 'ohne Zugzeit',
    shortOn: '{{seconds}} s Zugzeit',
    yours: 'noch {{time}}',
    away: 'Zeit um: Ein Bot spielt für dich.',
    back: 'Ich bin zurück',
    standInRound: 'Du warst weg: In dieser Runde hat ein Bot für dich gespielt.',
    standInGame_one: 'Du warst weg: In {{count}} Runde hat ein Bot für dich gespielt.',
    standInGame_other: 'Du warst weg: In {{count}} Runden hat ein Bot für dich gespielt.',
    summaryPass: 'Deine Zeit zum Abgeben läuft: noch {{time}}.',
    summaryReading: 'Schließt sich in {{time}}, dann läuft deine Zeit zum Abgeben ({{clock}}).',
  },
};
