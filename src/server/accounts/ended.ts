/**
 * An account whose sessions ended (a ban, a deletion, signing out everywhere), as the
 * nodes of a cluster tell each other over Redis: every node, and the operator's
 * `bottle-imp admin ban`, publishes on one channel under the cluster's prefix, and every
 * node closes its own connections of that account (realtime/live-accounts.ts).
 */
import { z } from 'zod';

/** The channel's name after the cluster's REDIS_PREFIX. */
export const ACCOUNT_ENDED_CHANNEL = 'account-ended';

/** Why the account's connections end, as they are told (`session:ended`). */
export type EndedCode = 'ERR_SIGNED_OUT' | 'ERR_BANNED';

const AccountEndedSchema = z
  .object({ account: z.string().min(1).max(64), code: z.enum(['ERR_SIGNED_OUT', 'ERR_BANNED']) })
  .strict();

export function accountEndedMessage(account: string, code: EndedCode): string {
  return JSON.stringify({ account, code });
}

/** The message read back; null for one that is not such a message. */
export function readAccountEnded(text: string): { account: string; code: EndedCode } | null {
  try {
    const parsed = AccountEndedSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
