/**
 * Seat tokens, kept per table in local storage: whoever holds the token is that seat, so
 * a reload (or a lost connection) brings the player back to their own seat. The home
 * screen lists the seats held ("Return to your game"); the tables ever sat at are also
 * remembered without their tokens, for the Replays page.
 */
export interface SeatSession {
  readonly seat: number;
  readonly token: string;
}

const PREFIX = 'bottle-imp:seat:';
const key = (code: string) => `${PREFIX}${code.toUpperCase()}`;
const PLAYED = 'bottle-imp:played';
/** How many tables the Replays page remembers (the most recent). */
const KEEP_PLAYED = 50;

export function loadSession(code: string): SeatSession | null {
  try {
    const s = JSON.parse(localStorage.getItem(key(code)) ?? 'null') as SeatSession | null;
    return s && typeof s.token === 'string' && Number.isInteger(s.seat) ? s : null;
  } catch {
    return null;
  }
}

export function saveSession(code: string, session: SeatSession): void {
  localStorage.setItem(key(code), JSON.stringify(session));
  const clean = code.toUpperCase();
  localStorage.setItem(
    PLAYED,
    JSON.stringify([clean, ...playedTables().filter((c) => c !== clean)].slice(0, KEEP_PLAYED)),
  );
}

export function forgetSession(code: string): void {
  localStorage.removeItem(key(code));
}

/** The codes of the tables this browser holds a seat at. */
export function heldTables(): string[] {
  const codes: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith(PREFIX) && loadSession(k.slice(PREFIX.length))) codes.push(k.slice(PREFIX.length));
  }
  return codes.sort();
}

/** The codes of the tables this browser ever sat at, the most recent first. */
export function playedTables(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(PLAYED) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** Forget a table the server no longer has. */
export function forgetTable(code: string): void {
  forgetSession(code);
  localStorage.setItem(PLAYED, JSON.stringify(playedTables().filter((c) => c !== code.toUpperCase())));
}
