/** The table's hooks and event helpers (Table.tsx): each keeps one piece of screen state. */
import { type MutableRefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { CompletedTrick, RoundResult } from '../../engine/index.js';
import type { ChatMessage, ClientAction } from '../../protocol/messages.js';
import type { ArrivedEvent } from '../net/connection.js';

/**
 * Sending the player's actions: one at a time (`busy` while one is on its way), with the
 * error sentence of the last refusal. `run` sends anything else that answers the same way
 * (taking the seat back from a stand-in).
 */
export function useSending(onAct: ((action: ClientAction) => Promise<string | null>) | undefined) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (send: () => Promise<string | null>) => {
    setError(null);
    setError(await send());
  };
  const act = async (action: ClientAction) => {
    if (!onAct || busy) return;
    setBusy(true);
    setError(null);
    const problem = await onAct(action);
    setBusy(false);
    setError(problem);
  };
  return { busy, error, act, run };
}

/**
 * The last finished trick among the events that arrived since the last render, shown a
 * moment (`pause` ms) after it is won; with animations off (pause 0) it stays until the
 * next card is played. `seen` is the arrival number the table has looked at so far.
 */
export function useTrickFlash(
  arrived: readonly ArrivedEvent[],
  seen: MutableRefObject<number>,
  pause: number,
): CompletedTrick | null {
  const [flash, setFlash] = useState<CompletedTrick | null>(null);
  useEffect(() => {
    const fresh = arrived.filter((a) => a.n > seen.current);
    if (fresh.length === 0) return;
    seen.current = fresh[fresh.length - 1].n;
    let trick: CompletedTrick | null = null;
    for (const { event } of fresh) {
      if (event.type === 'trickWon') trick = event.trick;
      if (event.type === 'cardPlayed') trick = null;
    }
    if (trick) setFlash(trick);
  }, [arrived, seen]);
  useEffect(() => {
    if (!flash || pause === 0) return;
    const id = setTimeout(() => setFlash(null), pause);
    return () => clearTimeout(id);
  }, [flash, pause]);
  return flash;
}

/**
 * Chat messages from others that arrived after the player last had the chat in view: the
 * count on the chat tab. What was there when the table opened counts as read.
 */
export function useUnread(messages: readonly ChatMessage[], me: number | null) {
  const latest = (list: readonly ChatMessage[]) => list.reduce((at, m) => Math.max(at, m.at), 0);
  const [readUpTo, setReadUpTo] = useState(() => latest(messages));
  const [viewing, setViewing] = useState(false);
  const newest = latest(messages);
  useEffect(() => {
    if (viewing) setReadUpTo((r) => Math.max(r, newest));
  }, [viewing, newest]);
  const onView = useCallback((id: string | null) => setViewing(id === 'chat'), []);
  const count = viewing ? 0 : messages.filter((m) => m.at > readUpTo && m.seat !== me).length;
  return { count, onView };
}

/** The rounds in which a bot stood in for the player (seen from this screen), to say so afterwards. */
export function useStandInRounds(away: boolean, round: number): ReadonlySet<number> {
  const [rounds, setRounds] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (away) setRounds((r) => (r.has(round) ? r : new Set([...r, round])));
  }, [away, round]);
  return rounds;
}

/** The result of the last round that ended after `after` (an arrival number), if any. */
export function lastRoundScored(arrived: readonly ArrivedEvent[], after: number): RoundResult | null {
  for (let i = arrived.length - 1; i >= 0 && arrived[i].n > after; i--) {
    const { event } = arrived[i];
    if (event.type === 'roundScored') return event.result;
  }
  return null;
}

/**
 * The summary dialog of a round that ended while the table was shown (after the arrival
 * `mountedAt`, as first rendered), open until closed or until the pass clocks start at
 * `reading`. Worked out during rendering, so the game-over dialog never shows before the
 * last round's summary.
 */
export function useRoundSummary(arrived: readonly ArrivedEvent[], mountedAt: number, reading: number | null) {
  const [from] = useState(mountedAt);
  const [closed, setClosed] = useState(-1);
  const last = lastRoundScored(arrived, from);
  const summary = last !== null && last.round > closed ? last : null;
  const closeSummary = () => setClosed(summary?.round ?? closed);
  useCloseAt(summary !== null ? reading : null, closeSummary);
  /** `summary`: the round's result while its summary is open, else null. */
  return { summary, closeSummary };
}

/** A lifted card goes back down when the player touches anything but a playable card or the Play button. */
export function useLiftRelease(active: boolean, release: () => void): void {
  const latest = useRef(release);
  latest.current = release;
  useEffect(() => {
    if (!active) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (!target?.closest('button.card.playable, [data-keep-lift]')) latest.current();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [active]);
}

/** Calls `close` at the epoch-ms moment `at` (at once if it has passed); nothing while `at` is null. */
export function useCloseAt(at: number | null, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (at === null) return;
    const id = setTimeout(() => latest.current(), Math.max(0, at - Date.now()));
    return () => clearTimeout(id);
  }, [at]);
}
