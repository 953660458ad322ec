/**
 * Seat tokens, kept per table in local storage: whoever holds the token is that seat, so
 * a reload (or a lost connection) brings the player back to their own seat.
 */
export interface SeatSession {
  readonly seat: number;
  readonly token: string;
}

const key = (code: string) => `bottle-imp:seat:${code.toUpperCase()}`;

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
}

export function forgetSession(code: string): void {
  localStorage.removeItem(key(code));
}
