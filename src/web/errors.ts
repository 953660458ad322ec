/**
 * The player's words for every error code the server can send (the union of src/values,
 * listed in docs/protocol.md, "Error codes") and the client's own (no network, no
 * answer), in English and German, in one place. The server's `message` is English and
 * meant for logs and the CLI; the web client never shows it, so a German player reads
 * German. The type below makes a code without words (or words without a code) a type
 * error; test/web/errors.test.ts checks that every language has them.
 */
import type { TFunction } from 'i18next';
import type { Ack } from '../protocol/messages.js';
import type { ErrorCode } from '../values/index.js';

/** The client's own codes: the request never reached the server, or no answer came in time. */
export type ClientErrorCode = 'ERR_NETWORK' | 'ERR_TIMEOUT';

/** Every code the player may be shown words for. */
export type ShownErrorCode = ErrorCode | ClientErrorCode;

/** The server's acknowledgement, or the client's own refusal when none came in time. */
export type Answer<T = Record<string, never>> =
  | Ack<T>
  | { ok: false; error: { readonly code: ClientErrorCode; readonly message: string } };

export const ERROR_TEXTS = {
  ERR_BAD_REQUEST: {
    en: 'The server could not read that request.',
    de: 'Der Server konnte diese Anfrage nicht lesen.',
  },
  ERR_BAD_NAME: {
    en: 'Choose another name: letters of one alphabet, without invisible characters or stacked accents.',
    de: 'Wähle einen anderen Namen: Buchstaben eines Alphabets, ohne unsichtbare Zeichen oder gestapelte Akzente.',
  },
  ERR_BAD_OPTIONS: {
    en: 'These table options do not make a game.',
    de: 'Mit diesen Tisch-Einstellungen lässt sich nicht spielen.',
  },
  ERR_NO_TABLE: { en: 'There is no table with this code.', de: 'Es gibt keinen Tisch mit diesem Code.' },
  ERR_NO_GAME: { en: 'No game is being played here.', de: 'Hier wird gerade keine Partie gespielt.' },
  ERR_TABLE_CLOSED: { en: 'This table is closed.', de: 'Dieser Tisch ist geschlossen.' },
  ERR_TABLE_FULL: { en: 'Every seat at this table is taken.', de: 'Alle Plätze an diesem Tisch sind besetzt.' },
  ERR_SEAT_TAKEN: { en: 'That seat is taken.', de: 'Dieser Platz ist besetzt.' },
  ERR_BAD_SEAT: { en: 'There is no such seat at this table.', de: 'Diesen Platz gibt es an diesem Tisch nicht.' },
  ERR_GAME_STARTED: {
    en: 'The game has already started.',
    de: 'Die Partie hat schon begonnen.',
  },
  ERR_SEATS_EMPTY: {
    en: 'Every seat needs a player or a bot first.',
    de: 'Erst braucht jeder Platz einen Spieler oder einen Bot.',
  },
  ERR_NOT_FINISHED: { en: 'That is possible once the game is over.', de: 'Das geht erst, wenn die Partie vorbei ist.' },
  ERR_NOT_HOST: { en: 'Only the host can do that.', de: 'Das darf nur der Gastgeber.' },
  ERR_NOT_SEATED: { en: 'You no longer hold a seat here.', de: 'Du hast hier keinen Platz mehr.' },
  ERR_BAD_TOKEN: {
    en: 'Your seat at this table is no longer valid.',
    de: 'Dein Platz an diesem Tisch ist nicht mehr gültig.',
  },
  ERR_NOT_A_BOT: { en: 'There is no bot in that seat.', de: 'Auf diesem Platz sitzt kein Bot.' },
  ERR_NOT_AWAY: { en: 'You are playing your seat already.', de: 'Du spielst deinen Platz schon selbst.' },
  ERR_BAD_ACTION: { en: 'That move is not possible.', de: 'Dieser Zug ist nicht möglich.' },
  ERR_GAME_OVER: { en: 'The game is over.', de: 'Die Partie ist vorbei.' },
  ERR_NOT_PASSING_TIME: { en: 'This is not the time to pass cards.', de: 'Jetzt werden keine Karten weitergegeben.' },
  ERR_NOT_PLAYING_TIME: { en: 'Cards are not being played now.', de: 'Jetzt werden keine Karten gespielt.' },
  ERR_ALREADY_PASSED: { en: 'You have already passed your cards.', de: 'Du hast deine Karten schon weitergegeben.' },
  ERR_BAD_PASS: {
    en: 'Those cards do not make a pass: choose one card for each slot.',
    de: 'Diese Karten passen nicht: wähle für jedes Feld eine Karte.',
  },
  ERR_NOT_YOUR_TURN: { en: 'It is not your turn.', de: 'Du bist nicht am Zug.' },
  ERR_CARD_NOT_HELD: { en: 'You do not hold that card.', de: 'Diese Karte hast du nicht.' },
  ERR_MUST_FOLLOW_SUIT: {
    en: 'You must follow the suit that was led.',
    de: 'Du musst die ausgespielte Farbe bedienen.',
  },
  ERR_BAD_DEAL: {
    en: 'The server dealt wrongly. Please report this.',
    de: 'Der Server hat falsch gegeben. Bitte melde das.',
  },
  ERR_NOT_DEALING_TIME: {
    en: 'The server dealt at the wrong moment. Please report this.',
    de: 'Der Server hat zur falschen Zeit gegeben. Bitte melde das.',
  },
  ERR_STALE: {
    en: 'The game moved on in the meantime. Try again.',
    de: 'Die Partie ist inzwischen weitergegangen. Versuch es noch einmal.',
  },
  ERR_UNAVAILABLE: {
    en: 'The server cannot store anything right now. Try again in a moment.',
    de: 'Der Server kann gerade nichts speichern. Versuch es gleich noch einmal.',
  },
  ERR_OUTCOME_UNKNOWN: {
    en: 'The server could not yet learn whether that was saved. The table shows it as soon as it knows.',
    de: 'Der Server weiß noch nicht, ob das gespeichert wurde. Der Tisch zeigt es, sobald er es weiß.',
  },
  ERR_CHAT_TOO_FAST: {
    en: 'You are chatting too fast. Wait a few seconds.',
    de: 'Du schreibst zu schnell. Warte ein paar Sekunden.',
  },
  ERR_RATE_LIMITED: { en: 'Too many requests. Wait a moment.', de: 'Zu viele Anfragen. Warte einen Moment.' },
  ERR_TOO_LARGE: { en: 'That was too large to send.', de: 'Das war zu groß zum Senden.' },
  ERR_BAD_CONTENT_TYPE: {
    en: 'The server could not read that request.',
    de: 'Der Server konnte diese Anfrage nicht lesen.',
  },
  ERR_NOT_FOUND: { en: 'There is nothing at this address.', de: 'Unter dieser Adresse gibt es nichts.' },
  ERR_REQUEST_TIMEOUT: {
    en: 'The request did not reach the server in time. Try again.',
    de: 'Die Anfrage kam nicht rechtzeitig beim Server an. Versuch es noch einmal.',
  },
  ERR_URL_TOO_LONG: { en: 'This address is too long.', de: 'Diese Adresse ist zu lang.' },
  ERR_TOO_MANY_TABLES: {
    en: 'Your address already has as many open tables as allowed. Close one first.',
    de: 'Von deiner Adresse sind schon so viele Tische offen wie erlaubt. Schließ erst einen.',
  },
  ERR_TOO_MANY_PUBLIC_TABLES: {
    en: 'You already have a public table waiting for players. Start or leave it first, or make this one private.',
    de: 'Du hast schon einen öffentlichen Tisch, der auf Mitspieler wartet. Starte oder verlass ihn erst, oder mach diesen privat.',
  },
  ERR_TOO_MANY_CONNECTIONS: {
    en: 'Too many connections from your address. Close a few tabs.',
    de: 'Zu viele Verbindungen von deiner Adresse. Schließ ein paar Tabs.',
  },
  ERR_FORBIDDEN: { en: 'That is not allowed.', de: 'Das ist nicht erlaubt.' },
  ERR_GAME_NOT_FINISHED: {
    en: 'That is available once the game is over.',
    de: 'Das gibt es, sobald die Partie vorbei ist.',
  },
  ERR_ANALYSIS_BUSY: {
    en: 'Too many games wait to be analysed. Try again in a minute.',
    de: 'Zu viele Partien warten auf ihre Analyse. Versuch es in einer Minute noch einmal.',
  },
  ERR_TOO_MANY_ANALYSES: {
    en: 'You already have games waiting to be analysed. Ask again once one of them has started.',
    de: 'Bei dir warten schon Partien auf ihre Analyse. Frag wieder, sobald eine davon begonnen hat.',
  },
  ERR_COACH_OFF: {
    en: 'The host has turned the coach off at this table.',
    de: 'Der Gastgeber hat den Trainer an diesem Tisch ausgeschaltet.',
  },
  ERR_HINT_BUDGET: {
    en: 'Too many hints from your address. Wait a minute.',
    de: 'Zu viele Tipps von deiner Adresse. Warte eine Minute.',
  },
  ERR_UNKNOWN_MESSAGE: {
    en: 'The server did not understand that. Reload the page.',
    de: 'Der Server hat das nicht verstanden. Lade die Seite neu.',
  },
  ERR_NO_ACK: {
    en: 'The server did not understand that. Reload the page.',
    de: 'Der Server hat das nicht verstanden. Lade die Seite neu.',
  },
  ERR_INTERNAL: {
    en: 'Something went wrong on the server. Try again.',
    de: 'Auf dem Server ist etwas schiefgegangen. Versuch es noch einmal.',
  },
  // The client's own: the request never reached the server, or no answer came.
  ERR_NETWORK: { en: 'The server cannot be reached.', de: 'Der Server ist nicht erreichbar.' },
  ERR_TIMEOUT: { en: 'The server did not answer in time.', de: 'Der Server hat nicht rechtzeitig geantwortet.' },
} as const satisfies Record<ShownErrorCode, { readonly en: string; readonly de: string }>;

/** The texts of one language, as an i18next resource under `errors`. */
export function errorMessages(language: 'en' | 'de'): Record<ShownErrorCode | 'unknown', string> {
  const texts = Object.fromEntries(Object.entries(ERROR_TEXTS).map(([code, text]) => [code, text[language]]));
  return {
    ...(texts as Record<ShownErrorCode, string>),
    unknown: language === 'en' ? 'Something went wrong ({{code}}).' : 'Etwas ist schiefgegangen ({{code}}).',
  };
}

/**
 * The player's sentence for a refusal's code, in the current language. A server newer than
 * this page may send a code it has no words for (the wire is not checked here): that one
 * is named.
 */
export function errorText(t: TFunction, code: ShownErrorCode): string {
  return code in ERROR_TEXTS ? t(`errors.${code}`) : t('errors.unknown', { code });
}
