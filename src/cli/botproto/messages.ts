/**
 * The `bottle-imp-bot/1` protocol (docs/bot-protocol.md): JSON, one object per line, over
 * a program's standard input (host to program) and standard output (program to host).
 * These shapes are a contract with bot authors: change them only with a new version.
 */
import type { Action, GameEvent, ResolvedOptions, TableView } from '../../engine/index.js';

export const BOT_PROTOCOL = 'bottle-imp-bot/1';

/** What the host sends. */
export type HostMessage =
  | {
      readonly type: 'hello';
      readonly protocol: typeof BOT_PROTOCOL;
      readonly seat: number;
      readonly options: ResolvedOptions;
      readonly seed: number;
    }
  | { readonly type: 'decide'; readonly id: number; readonly view: TableView; readonly legal: readonly Action[] }
  | { readonly type: 'events'; readonly events: readonly GameEvent[] }
  | { readonly type: 'bye' };

/** What a program answers. */
export type ProgramMessage =
  | { readonly type: 'ready'; readonly name?: string; readonly author?: string }
  | { readonly type: 'action'; readonly id: number; readonly action: Action };

/** A line as the program sent it, cut short for a one-line message. */
export function quoted(line: string): string {
  const one = line.replace(/\s+/g, ' ').trim();
  return JSON.stringify(one.length > 200 ? `${one.slice(0, 200)}…` : one);
}

/**
 * An action compared field by field, whatever the order of its keys or of its devil's
 * cards, so that `{"seat":0,"type":"play","card":5}` matches the legal `{"type":"play",…}`.
 */
export function actionKey(action: unknown): string | null {
  if (typeof action !== 'object' || action === null) return null;
  const a = action as Record<string, unknown>;
  if (a.type === 'play') return `play/${String(a.seat)}/${String(a.card)}`;
  if (a.type !== 'pass' || typeof a.pass !== 'object' || a.pass === null) return null;
  const p = a.pass as Record<string, unknown>;
  const devil = Array.isArray(p.devil) ? [...(p.devil as unknown[])].map(String).sort().join('.') : '?';
  return `pass/${String(a.seat)}/${String(p.left)}/${String(p.right)}/${String(p.faceUp)}/${String(p.hidden)}/${devil}`;
}
