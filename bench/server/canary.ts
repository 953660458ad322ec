/**
 * A yardstick of how fast this machine runs code at the moment, for comparing setups
 * measured one after the other on a shared machine. Forked by cluster.ts for each setup's
 * window, it runs the same small piece of work (build, serialise, parse and sort a few
 * thousand objects) four times a second and reports the CPU time each run took, median
 * and 90th percentile. The work never changes, so when it takes more CPU in one setup than
 * in another, the machine itself was slower then (its cores' caches shared with more busy
 * processes, PostgreSQL's backends among them), and every process measured in that window
 * paid the same. It costs about one per cent of a core.
 */
import { summary } from './load.js';

const EVERY_MS = 250;
const ITEMS = 1500;

function work(): number {
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    id: `item-${(i * 7919) % ITEMS}`,
    n: i,
    tags: [i % 3, i % 5],
  }));
  const back = JSON.parse(JSON.stringify(items)) as typeof items;
  back.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byId = new Map(back.map((x) => [x.id, x]));
  let sum = 0;
  for (const x of items) sum += byId.get(x.id)?.n ?? 0;
  return sum;
}

const samples: number[] = [];
let timer: NodeJS.Timeout | null = null;

/** Each run checks its answer, so that no compiler may leave the work out. */
function checked(): void {
  if (work() !== (ITEMS * (ITEMS - 1)) / 2) throw new Error('the yardstick computed a wrong answer');
}

function runOnce(): void {
  const before = process.cpuUsage();
  checked();
  const used = process.cpuUsage(before);
  samples.push(used.user + used.system);
}

process.on('message', (m: { type: string }) => {
  if (m.type === 'start') {
    samples.length = 0;
    timer = setInterval(runOnce, EVERY_MS);
  } else if (m.type === 'report') {
    if (timer) clearInterval(timer);
    const s = summary(samples);
    process.send!({ type: 'report', report: { runs: s.n, cpuMicrosP50: s.p50, cpuMicrosP90: s.p90 } });
  } else if (m.type === 'stop') process.exit(0);
});

// Warmed up before the first window, so that the optimising compiler does not count.
for (let i = 0; i < 200; i++) checked();
process.send!({ type: 'ready' });
