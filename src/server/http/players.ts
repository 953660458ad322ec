/**
 * Who plays a daily deal or a duplicate event (docs/protocol.md, "The daily deal"): a
 * signed-in player is their account; a guest is their browser, known by the guest cookie
 * `bi_daily` (a random id, HttpOnly, set when they first need one): unverified, since a
 * browser can always start afresh.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from '../accounts/accounts.js';
import type { Config } from '../config.js';
import type { DailyPlayer } from '../daily/daily.js';
import { hashToken } from '../ids.js';
import { sessionOf } from './account-routes.js';
import { cookieAttributes, cookieOf, MAX_AGE_SECONDS } from './session-cookie.js';

export const GUEST_COOKIE = 'bi_daily';
const GUEST_ID = /^[A-Za-z0-9_-]{43}$/;
/** The name of a guest who gives none. */
export const GUEST_NAME = 'Guest';

export class Players {
  constructor(
    private readonly accounts: Accounts,
    private readonly config: Pick<Config, 'publicUrl'>,
  ) {}

  /** The request's player: its account, else the guest of its cookie (null when it has none). */
  async of(req: FastifyRequest, guestName = GUEST_NAME): Promise<DailyPlayer | null> {
    const account = (await this.accounts.current(sessionOf(req)))?.account;
    if (account) return { key: `account:${account.id}`, accountId: account.id, name: account.username };
    const guest = cookieOf(req.headers.cookie, GUEST_COOKIE);
    if (guest === null || !GUEST_ID.test(guest)) return null;
    return { key: `guest:${hashToken(guest)}`, accountId: null, name: guestName };
  }

  /** The request's player, a new guest (its cookie set now) when it has none: this browser's from here on. */
  async orNew(req: FastifyRequest, reply: FastifyReply, guestName = GUEST_NAME): Promise<DailyPlayer> {
    const known = await this.of(req, guestName);
    if (known) return known;
    const id = randomBytes(32).toString('base64url');
    reply.header('set-cookie', `${GUEST_COOKIE}=${id}; Max-Age=${MAX_AGE_SECONDS}; ${cookieAttributes(this.config)}`);
    return { key: `guest:${hashToken(id)}`, accountId: null, name: guestName };
  }
}
