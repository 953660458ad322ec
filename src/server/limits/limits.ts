/**
 * The server's rate limits (docs/protocol.md lists them), from its configuration: each a
 * rate and a burst, counted as the burst per window of the burst's time, so that a quiet
 * key may spend the burst at once and no key gets more than the rate over a window. The
 * limits per connection stay with its node; those per client address are shared by a
 * cluster's nodes when `shared` is given (cluster/node.ts).
 */
import type { Config } from '../config.js';
import { type Limit, type Limiter, localLimiter, type WhileAway } from './limiter.js';

/** `burst` points per window of the time the rate takes to give them (at least a second). */
function window(perSecond: number, burst: number): Limit {
  return { points: burst, seconds: Math.max(1, Math.round(burst / perSecond)) };
}

/** `table:watch` per connection: a few in a row (each costs a full view), then one a second on average. */
const WATCH_BURST = 5;
const WATCHES_PER_SECOND = 1;

/** Password checks (sign-ins and sign-ups) a minute, per client address and per account name. */
export const SIGN_INS_PER_MINUTE = 5;

/** Reports of players an account may send an hour: enough for anyone wronged, too few to flood the operator. */
export const REPORTS_PER_HOUR = 10;

export interface Limiters {
  /** Socket.IO messages per connection: SOCKET_RATE_PER_SECOND, a burst of two seconds' worth. */
  readonly messages: Limiter;
  /** Socket.IO messages per client address: ADDRESS_RATE_PER_SECOND, a burst of two seconds' worth. */
  readonly addressMessages: Limiter;
  /** Socket.IO messages per bot account (docs/protocol.md, "Bot accounts"): BOT_RATE_PER_SECOND, a burst of two seconds' worth. */
  readonly botMessages: Limiter;
  /** `table:watch` per connection. */
  readonly watches: Limiter;
  /** `game:hint` per client address: HINTS_PER_MINUTE, a minute's worth at once (each costs a thread far longer than a message). */
  readonly hints: Limiter;
  /** HTTP API requests per client address: HTTP_RATE_PER_MINUTE, ten seconds' worth at once. */
  readonly api: Limiter;
  /** The API's window, for a refusal's Retry-After. */
  readonly apiWindowSeconds: number;
  /** Password checks per client address: SIGN_INS_PER_MINUTE (each costs a hash on a thread). */
  readonly signInAddresses: Limiter;
  /** Sign-ins per account name (any case), from any address: SIGN_INS_PER_MINUTE. */
  readonly signInNames: Limiter;
  /** Reports per reporting account: REPORTS_PER_HOUR. */
  readonly reports: Limiter;
}

/** Makes a limit per client address shared by every node: its name in Redis, and what it does while Redis is away. */
export type SharedLimiter = (name: string, limit: Limit, whileAway: WhileAway) => Limiter;

export function limiters(config: Config, shared: SharedLimiter | null = null): Limiters {
  const perAddress = (name: string, limit: Limit, whileAway: WhileAway) =>
    shared ? shared(name, limit, whileAway) : localLimiter(limit);
  const signIns: Limit = { points: SIGN_INS_PER_MINUTE, seconds: 60 };
  const api = window(config.httpRatePerMinute / 60, Math.max(1, Math.ceil(config.httpRatePerMinute / 6)));
  return {
    messages: localLimiter(window(config.socketRatePerSecond, config.socketRatePerSecond * 2)),
    // Messages go on while Redis is away: a table played on its own node needs nothing else of Redis.
    addressMessages: perAddress(
      'messages',
      window(config.addressRatePerSecond, config.addressRatePerSecond * 2),
      'count-locally',
    ),
    // In place of its address's: a bot host's many programs do not starve people at its address, nor take from them.
    botMessages: perAddress(
      'bot-messages',
      window(config.botRatePerSecond, config.botRatePerSecond * 2),
      'count-locally',
    ),
    watches: localLimiter(window(WATCHES_PER_SECOND, WATCH_BURST)),
    hints: perAddress('hints', window(config.hintsPerMinute / 60, config.hintsPerMinute), 'refuse'),
    // The balancer's health checks are not limited (http/guard.ts), so refusing the API while Redis is away costs them nothing.
    api: perAddress('api', api, 'refuse'),
    apiWindowSeconds: api.seconds,
    // Refused while Redis is away: counted per node, a cluster of N nodes would allow N times the guesses.
    signInAddresses: perAddress('sign-in-addresses', signIns, 'refuse'),
    signInNames: perAddress('sign-in-names', signIns, 'refuse'),
    reports: perAddress('reports', { points: REPORTS_PER_HOUR, seconds: 3600 }, 'refuse'),
  };
}
