/**
 * The bot levels offered to people, listed once. This module imports nothing, so the
 * protocol and the web client can share the list without pulling in the bots.
 */
export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type BotLevel = (typeof LEVELS)[number];

export function isBotLevel(level: unknown): level is BotLevel {
  return typeof level === 'string' && (LEVELS as readonly string[]).includes(level);
}
