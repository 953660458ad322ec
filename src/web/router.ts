/**
 * Screens are addressed by the URL hash (#/t/ABCD, #/rules, ...), so every screen has a
 * link that survives a reload and the server needs no route per screen.
 */
import { useSyncExternalStore } from 'react';
import { isRatingPool, type RatingPool } from '../values/index.js';

export type Route =
  | { readonly screen: 'home' }
  | { readonly screen: 'table'; readonly code: string }
  | { readonly screen: 'rules' }
  | { readonly screen: 'learn' }
  /**
   * `offline`: a game played offline, kept in this browser (offline/store.ts). `coach`: the
   * server's analysis is asked for at once (#/replay/ID/coach). `daily`: a daily deal's game
   * of that day (YYYY-MM-DD), shown with the field's choices (#/replay/ID/daily/DATE).
   */
  | {
      readonly screen: 'replay';
      readonly gameId: string | null;
      readonly autoplay?: boolean;
      readonly offline?: true;
      readonly coach?: true;
      readonly daily?: string;
    }
  /** Playing offline against bots: the saved game, or (`fresh`) the form for a new one. */
  | { readonly screen: 'offline'; readonly fresh: boolean }
  | { readonly screen: 'replays' }
  /** Sign in or make an account while signed out; the account's settings while signed in. */
  | { readonly screen: 'account' }
  /** A day's daily deal results (`date`: YYYY-MM-DD). */
  | { readonly screen: 'daily'; readonly date: string }
  /** A duplicate event's page: its entry, link and results; with `table`, a table of people of it to take a seat at. */
  | { readonly screen: 'duplicate'; readonly code: string; readonly table?: string }
  /** A player's profile and finished games. */
  | { readonly screen: 'player'; readonly username: string }
  /** A rating pool's leaderboard (docs/ratings.md). */
  | { readonly screen: 'leaderboard'; readonly pool: RatingPool }
  /** Waiting for a Play now match (the ticket is in session storage: net/play-now.ts). */
  | { readonly screen: 'play-now' }
  /** An address that cannot be read (cut mid-escape, e.g. #/t/%E0%A4%A). */
  | { readonly screen: 'broken' };

export function parseRoute(hash: string): Route {
  let parts: string[];
  try {
    parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { screen: 'broken' };
  }
  if (parts[0] === 't' && parts[1]) return { screen: 'table', code: parts[1].toUpperCase() };
  if (parts[0] === 'rules') return { screen: 'rules' };
  if (parts[0] === 'learn') return { screen: 'learn' };
  if (parts[0] === 'replay') {
    const day = parts.indexOf('daily', 2);
    return {
      screen: 'replay',
      gameId: parts[1] ?? null,
      ...(parts[2] === 'play' ? { autoplay: true } : {}),
      ...(parts[2] === 'coach' ? { coach: true } : {}),
      ...(day > 0 && parts[day + 1] ? { daily: parts[day + 1] } : {}),
    };
  }
  if (parts[0] === 'replays') return { screen: 'replays' };
  if (parts[0] === 'offline') return { screen: 'offline', fresh: parts[1] === 'new' };
  if (parts[0] === 'offline-replay' && parts[1]) return { screen: 'replay', gameId: parts[1], offline: true };
  if (parts[0] === 'account') return { screen: 'account' };
  if (parts[0] === 'daily' && parts[1]) return { screen: 'daily', date: parts[1] };
  if (parts[0] === 'duplicate' && parts[1])
    return {
      screen: 'duplicate',
      code: parts[1].toUpperCase(),
      ...(parts[2] ? { table: parts[2].toUpperCase() } : {}),
    };
  if (parts[0] === 'players' && parts[1]) return { screen: 'player', username: parts[1] };
  if (parts[0] === 'leaderboard') return { screen: 'leaderboard', pool: isRatingPool(parts[1]) ? parts[1] : '4p' };
  if (parts[0] === 'play-now') return { screen: 'play-now' };
  return { screen: 'home' };
}

export function hrefOf(route: Route): string {
  switch (route.screen) {
    case 'home':
      return '#/';
    case 'table':
      return `#/t/${encodeURIComponent(route.code)}`;
    case 'rules':
      return '#/rules';
    case 'learn':
      return '#/learn';
    case 'replay':
      if (!route.gameId) return '#/replay';
      if (route.offline) return `#/offline-replay/${encodeURIComponent(route.gameId)}`;
      return `#/replay/${encodeURIComponent(route.gameId)}${route.autoplay ? '/play' : route.coach ? '/coach' : ''}${
        route.daily ? `/daily/${encodeURIComponent(route.daily)}` : ''
      }`;
    case 'replays':
      return '#/replays';
    case 'offline':
      return route.fresh ? '#/offline/new' : '#/offline';
    case 'account':
      return '#/account';
    case 'daily':
      return `#/daily/${encodeURIComponent(route.date)}`;
    case 'duplicate':
      return `#/duplicate/${encodeURIComponent(route.code)}${route.table ? `/${encodeURIComponent(route.table)}` : ''}`;
    case 'player':
      return `#/players/${encodeURIComponent(route.username)}`;
    case 'leaderboard':
      return `#/leaderboard/${encodeURIComponent(route.pool)}`;
    case 'play-now':
      return '#/play-now';
    case 'broken':
      return '#/';
  }
}

export function navigate(route: Route): void {
  location.hash = hrefOf(route);
}

/** The absolute link to a screen, for sharing (an invite to a table, a replay). */
export function absoluteLink(route: Route): string {
  return `${location.origin}${location.pathname}${hrefOf(route)}`;
}

/** The absolute link a friend can open to join a table. */
export function inviteLink(code: string): string {
  return absoluteLink({ screen: 'table', code });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => location.hash);
  return parseRoute(hash);
}
