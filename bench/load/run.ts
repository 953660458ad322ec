/**
 * `npm run bench:load`: a first visit to the home screen on a throttled mid-range phone.
 * Debian's Chromium (playwright-core) with CDP network throttling (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up) and CPU throttling ×4, an empty cache for every visit,
 * against the real server (`node dist/server/main.js`) on loopback.
 *
 * Measured per visit: bytes on the wire (CDP `encodedDataLength` of every response:
 * headers and body as transferred, compressed when the server compressed), first
 * contentful paint, and time to interactive: the latest of first contentful paint, the
 * moment the home screen's "Create table" button is in the page (React has rendered and
 * wired it) and the end of the last long task (> 50 ms on the main thread) before the page
 * goes quiet for a second, counted from the navigation's start (Lighthouse's idea of TTI,
 * with "the app has rendered its first screen" as the starting point). The median of --runs visits (default 7) is printed as JSON.
 *
 * --before DIR: also measure the build in DIR (a copy of another commit's dist/, run with
 * this checkout's node_modules), visits alternating with this build's, so both are
 * measured in the same session under the same load.
 *
 * --offline: a return visit without the network instead. Each visit first loads the page
 * online, unthrottled and untimed, until the service worker (src/web/pwa.config.ts)
 * controls it; then the network is cut, the CPU throttled, and the page reloaded: the
 * timings are those of the reload, served by the worker from its precache.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..', '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
/** The page counts as quiet once no long task has started for this long. */
const QUIET_MS = 1000;

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}

const RUNS = Number(argument('runs') ?? 7);
const BEFORE = argument('before');
const OFFLINE = process.argv.includes('--offline');

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
  readonly dataDir: string;
}

async function startServer(dist: string): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-load-'));
  const child = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dist, 'web'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (d: Buffer) => {
      buffered += d.toString();
      const ready = buffered.split('\n').find((l) => l.includes('bottle-imp server ready'));
      if (ready) resolve(JSON.parse(ready).port as number);
    });
    child.once('exit', (code) => reject(new Error(`the server in ${dist} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, dataDir };
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

interface Visit {
  readonly bytes: number;
  readonly requests: number;
  readonly fcpMs: number;
  readonly ttiMs: number;
}

/** Installed before the page's scripts: when the create button appears, and every long task. */
function watchLoad(): void {
  const w = { ready: -1, longTaskEnd: 0, lastLongTaskStart: 0 };
  (window as unknown as { __load: typeof w }).__load = w;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.longTaskEnd = Math.max(w.longTaskEnd, e.startTime + e.duration);
      w.lastLongTaskStart = Math.max(w.lastLongTaskStart, e.startTime);
    }
  }).observe({ type: 'longtask' as 'mark', buffered: true });
  const look = () => {
    if (document.querySelector('[data-testid="create"]')) w.ready = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(watchLoad);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (OFFLINE) {
    // Installed first: the worker precaches the app and takes charge of the page.
    await page.goto(`${url}/#/`, { waitUntil: 'load' });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
      timeout: 120_000,
    });
    await context.setOffline(true);
  } else {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    requests++;
  });
  if (OFFLINE) await page.reload({ waitUntil: 'load' });
  else await page.goto(`${url}/#/`, { waitUntil: 'load' });
  await page.getByTestId('create').waitFor();
  // Wait for the page to go quiet: no long task for QUIET_MS.
  for (;;) {
    const quietFor = await page.evaluate(
      () => performance.now() - (window as unknown as { __load: { longTaskEnd: number } }).__load.longTaskEnd,
    );
    if (quietFor >= QUIET_MS) break;
    await page.waitForTimeout(QUIET_MS - quietFor);
  }
  const timing = await page.evaluate(() => {
    const w = (window as unknown as { __load: { ready: number; longTaskEnd: number } }).__load;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
    return { ready: w.ready, longTaskEnd: w.longTaskEnd, fcp };
  });
  await context.close();
  return {
    bytes,
    requests,
    fcpMs: Math.round(timing.fcp),
    ttiMs: Math.round(Math.max(timing.fcp, timing.ready, timing.longTaskEnd)),
  };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function summary(visits: readonly Visit[]) {
  return {
    bytesOnWire: median(visits.map((v) => v.bytes)),
    requests: median(visits.map((v) => v.requests)),
    fcpMs: median(visits.map((v) => v.fcpMs)),
    ttiMs: median(visits.map((v) => v.ttiMs)),
    ttiRangeMs: [Math.min(...visits.map((v) => v.ttiMs)), Math.max(...visits.map((v) => v.ttiMs))],
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (apt-get install chromium).`);
  const builds = [{ name: 'this build', dist: path.join(ROOT, 'dist') }];
  if (BEFORE) builds.unshift({ name: 'before', dist: path.resolve(BEFORE) });
  const servers = await Promise.all(builds.map((b) => startServer(b.dist)));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const visits: Visit[][] = builds.map(() => []);
  try {
    for (let r = 0; r < RUNS; r++)
      for (let b = 0; b < builds.length; b++) visits[b].push(await visit(browser, servers[b].url));
  } finally {
    await browser.close();
    await Promise.all(servers.map(stopServer));
  }
  const report = {
    network: OFFLINE ? 'offline (a return visit served by the service worker)' : NETWORK,
    cpuSlowdown: CPU_SLOWDOWN,
    runs: RUNS,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    results: Object.fromEntries(builds.map((b, i) => [b.name, summary(visits[i])])),
  };
  console.log(JSON.stringify(report, null, 2));
}

await main();
