import { useEffect, useState } from 'react';

/**
 * The clock in seconds, read at every render, with a render once a second while `active`.
 * Read afresh rather than kept in state, so that a countdown that starts again never
 * shows, for a frame, the time at which the last one stopped.
 */
export function useNow(active: boolean): number {
  const [, setTicks] = useState(0);
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setTicks((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [active]);
  return Date.now() / 1000;
}
