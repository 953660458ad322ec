/**
 * Player preferences (card style, sort order, animation speed, tap to play, language, name,
 * turn alerts), kept in
 * local storage so they survive a reload. Components read them through usePrefs().
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { LANGUAGES, type Language, matchLanguage, switchLanguage } from './i18n.js';

export const CARD_STYLES = ['standard', 'large', 'colorblind'] as const;
export type CardStyle = (typeof CARD_STYLES)[number];
export const SORT_ORDERS = ['rank', 'suit'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SPEEDS = ['slow', 'normal', 'fast', 'off'] as const;
export type Speed = (typeof SPEEDS)[number];
/** By touch: a first tap lifts a card and a second plays it ('confirm'), or one tap plays ('once'). */
export const TAP_MODES = ['confirm', 'once'] as const;
export type TapMode = (typeof TAP_MODES)[number];

export interface Prefs {
  readonly cardStyle: CardStyle;
  readonly sort: SortOrder;
  readonly speed: Speed;
  readonly tap: TapMode;
  readonly language: Language;
  /** The display name last used, offered again when creating or joining a table. */
  readonly name: string;
  /** On the player's turn: a short sound, a vibration, a notification while the tab is hidden (all off by default). */
  readonly sound: boolean;
  readonly vibrate: boolean;
  readonly notify: boolean;
}

const KEY = 'bottle-imp:prefs';

/** How long a trick or a sale stays on screen, per speed, in milliseconds. */
export const PAUSE_MS: Record<Speed, number> = { slow: 2600, normal: 1500, fast: 700, off: 0 };

/** On a first visit, the best of the browser's languages that the client speaks (kept from then on). */
function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return 'en';
  return matchLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export function defaultPrefs(): Prefs {
  return {
    cardStyle: 'standard',
    sort: 'suit',
    speed: 'normal',
    tap: 'confirm',
    language: browserLanguage(),
    name: '',
    sound: false,
    vibrate: false,
    notify: false,
  };
}

/** Stored preferences; anything unreadable or unknown falls back to its default. */
export function loadPrefs(): Prefs {
  const base = defaultPrefs();
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<keyof Prefs, unknown>>;
    const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
      allowed.includes(value as T) ? (value as T) : fallback;
    return {
      cardStyle: pick(raw.cardStyle, CARD_STYLES, base.cardStyle),
      sort: pick(raw.sort, SORT_ORDERS, base.sort),
      speed: pick(raw.speed, SPEEDS, base.speed),
      tap: pick(raw.tap, TAP_MODES, base.tap),
      language: pick(raw.language, LANGUAGES, base.language),
      name: typeof raw.name === 'string' ? raw.name.slice(0, 24) : '',
      sound: raw.sound === true,
      vibrate: raw.vibrate === true,
      notify: raw.notify === true,
    };
  } catch {
    return base;
  }
}

interface PrefsContextValue {
  readonly prefs: Prefs;
  readonly setPrefs: (change: Partial<Prefs>) => void;
}

const PrefsContext = createContext<PrefsContextValue>({ prefs: defaultPrefs(), setPrefs: () => {} });

export function PrefsProvider({ children, initial }: { children: ReactNode; initial?: Prefs }) {
  const [prefs, setState] = useState<Prefs>(() => initial ?? loadPrefs());
  const setPrefs = useCallback((change: Partial<Prefs>) => setState((p) => ({ ...p, ...change })), []);
  useEffect(() => {
    localStorage.setItem(KEY, JSON.stringify(prefs));
    // Offline, a language not fetched yet stays unavailable: the page keeps its language.
    switchLanguage(prefs.language).catch(() => {});
    document.documentElement.lang = prefs.language;
    document.documentElement.dataset.cards = prefs.cardStyle;
    document.documentElement.dataset.speed = prefs.speed;
  }, [prefs]);
  const value = useMemo(() => ({ prefs, setPrefs }), [prefs, setPrefs]);
  return <PrefsContext.Provider value={value}>{children}</PrefsContext.Provider>;
}

export function usePrefs(): PrefsContextValue {
  return useContext(PrefsContext);
}

/** The pause for trick and sale animations, zero when the system asks for reduced motion. */
export function usePauseMs(): number {
  const { prefs } = usePrefs();
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  // Reduced motion keeps the pause (the result must stay readable) but drops movement in CSS.
  return reduced && prefs.speed !== 'off' ? Math.max(PAUSE_MS[prefs.speed], 1200) : PAUSE_MS[prefs.speed];
}
