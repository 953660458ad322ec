/**
 * The words of the coach features (card tracker, guided first game, analysis, hints), in
 * their own file so that they can grow without touching the main message files; en.ts and
 * de.ts spread them in, and `Messages` checks that German has every key.
 */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const coachEn = {
  tracker: {
    tab: 'Cards',
    title: 'Card tracker',
    out: 'Still out',
    outCount_one: '{{count}} card',
    outCount_other: '{{count}} cards',
    noneOut: 'none',
    passedTo: 'you passed it to {{who}}',
    voids: 'Voids shown',
    noVoids: 'Nobody has shown a void yet.',
    voidOf: '{{who}}: no {{suits}}',
    yourPass: 'Your pass',
    noPass: 'Not passed yet.',
    to: 'to {{who}}',
    toDevil: "to the devil's trick",
    toFaceUp: "into {{who}}'s face-up row",
    toHidden: "into {{who}}'s hand",
    received: 'Received',
    from: 'from {{who}}',
    receivedMark: 'received',
    receivedFrom: 'received from {{who}}',
    prices: 'Bottle prices this round',
    bottleN: 'Bottle {{n}}',
    sale: '{{price}} ({{who}}, trick {{trick}})',
    noSale: 'not sold yet',
  },
};

export const coachDe: Shape<typeof coachEn> = {
  tracker: {
    tab: 'Karten',
    title: 'Kartenzähler',
    out: 'Noch im Spiel',
    outCount_one: '{{count}} Karte',
    outCount_other: '{{count}} Karten',
    noneOut: 'keine',
    passedTo: 'du hast sie {{who}} gegeben',
    voids: 'Gezeigte Fehlfarben',
    noVoids: 'Noch niemand hat eine Fehlfarbe gezeigt.',
    voidOf: '{{who}}: ohne {{suits}}',
    yourPass: 'Deine Weitergabe',
    noPass: 'Noch nicht weitergegeben.',
    to: 'an {{who}}',
    toDevil: 'in den Teufelsstich',
    toFaceUp: 'in die offene Reihe von {{who}}',
    toHidden: 'auf die Hand von {{who}}',
    received: 'Erhalten',
    from: 'von {{who}}',
    receivedMark: 'erhalten',
    receivedFrom: 'erhalten von {{who}}',
    prices: 'Preise der Flasche in dieser Runde',
    bottleN: 'Flasche {{n}}',
    sale: '{{price}} ({{who}}, Stich {{trick}})',
    noSale: 'noch nicht verkauft',
  },
};
