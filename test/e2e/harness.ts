/**
 * End-to-end plumbing: the real server as a child process (temporary DATA_DIR, free
 * port, bots without delay) and Debian's Chromium driven by playwright-core. Without
 * Chromium the tests are skipped with a message, except under CI=true, where that fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, onTestFailed } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');
/**
 * The tests' browser: Chromium's headless shell (Debian's chromium-headless-shell), the
 * same engine as the browser without its windowing layers, as Playwright itself runs
 * headless tests. It spent about a quarter less CPU than the whole browser in headless
 * mode on the same files (BENCHMARKS.md, "Test suite"), and the browser files are most
 * of the suite's CPU. The whole browser (`launchBrowser({ whole: true })`) is for what
 * the shell lacks: it keeps notification permission denied whatever a test grants.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const WHOLE_CHROMIUM = process.env.WHOLE_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the browser tests can run here; logs why not, and throws under CI. */
export function browserAvailable(): boolean {
  const missing = [CHROMIUM, WHOLE_CHROMIUM].filter((exe) => !existsSync(exe));
  if (missing.length === 0) return true;
  const why = `No browser at ${missing.join(' nor ')}: the browser tests are skipped (install them with "apt-get install chromium chromium-headless-shell").`;
  if (process.env.CI === 'true') throw new Error(`${why} Under CI=true a missing browser fails the run.`);
  console.warn(why);
  return false;
}

const PREFS_KEY = 'bottle-imp:prefs';
/** The animation speed the tests' pages start with (launchBrowser). */
const TEST_SPEED = 'off';

/**
 * Sets the player's animation speed before the page's scripts run, unless a stored choice
 * says otherwise (`force` overrides it). Runs in the page, as an init script.
 */
function setSpeed({ key, speed, force }: { key: string; speed: string; force: boolean }): void {
  const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
  if (force || stored.speed === undefined) localStorage.setItem(key, JSON.stringify({ ...stored, speed }));
}

/**
 * The app at its default animation speed ('normal': trick pauses, the acting seat
 * breathing) in this context or page, for the tests of what moves on screen (phone.test.ts,
 * a whole game in games.test.ts). Every other test runs with animations off (launchBrowser).
 */
export async function withMotion(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(setSpeed, { key: PREFS_KEY, speed: 'normal', force: true });
}

/**
 * Chromium for the tests. Its contexts block service workers unless the test asks for
 * them (`installable.test.ts` tests the installed app): with the worker every page load
 * would also install the whole app, precaching some 780 kB in the background, a cost that
 * the tests of everything else would pay on each context and that slowed the browser
 * files down about 1.7 times on two cores.
 * Its contexts also start with the player's animations off (the 'off' speed, one of the
 * app's preferences) unless a test stores a speed or asks for `withMotion`: an animated
 * page made Chromium draw every frame, a third of a core for each page waiting at a table,
 * and the trick pauses added a second and a half to every trick; the browser files spent
 * most of the suite's CPU. What moves is tested at the normal speed where it matters.
 */
export async function launchBrowser({ serviceWorkers = false, whole = false } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: whole ? WHOLE_CHROMIUM : CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Browser.newPage makes its context through newContext, so both take the defaults.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext(serviceWorkers ? options : { serviceWorkers: 'block', ...options });
    await context.addInitScript(setSpeed, { key: PREFS_KEY, speed: TEST_SPEED, force: false });
    return context;
  };
  return browser;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  readonly url: string;
  /** Stop the process and start a new one on the same port and data (a server restart). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** How long a server may take to answer its health check after it was started. */
const STARTUP_MS = 60_000;

/** `node dist/server/main.js` on a free port with its own data directory; `env` adds or overrides settings. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const main = path.join(ROOT, 'dist/server/main.js');
  if (!existsSync(main) || !existsSync(path.join(ROOT, 'dist/web/index.html')))
    throw new Error('Build first: npm run build (the server and the web bundle in dist/).');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bottle-imp-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        BOT_DELAY_MS: '0',
        LOG_LEVEL: 'warn',
        // The players here are scripts on a shared machine, some waiting for hints or
        // analyses: their turn clocks run ten times as long unless a test sets its own.
        TURN_CLOCK_SCALE: '10',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    // A deadline in time, not a count of tries: on a loaded machine a start can take
    // longer than 100 tries of a tenth of a second (each try waits for its own answer).
    const deadline = Date.now() + STARTUP_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}): ${stderr}`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) return child;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The server did not start within ${STARTUP_MS} ms: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  let child = await launch();
  return {
    url,
    restart: async () => {
      await halt(child);
      child = await launch();
    },
    stop: async () => {
      await halt(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** A server (`env` as for startServer) and a browser for the tests of one describe block: started before them, stopped after. */
export function serverAndBrowser(env: Record<string, string> = {}): {
  server: () => RunningServer;
  browser: () => Browser;
} {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return { server: () => server!, browser: () => browser! };
}

interface DeviceOptions {
  language?: string;
  touch?: boolean;
  prefs?: Record<string, unknown>;
}

/**
 * A browser context the size of a screen, by default a touch phone (`hasTouch`,
 * `isMobile`), with the player's stored preferences (language, name, …) set before any
 * page loads.
 */
export async function device(
  browser: Browser,
  width: number,
  height: number,
  options: DeviceOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const language = options.language ?? 'en';
  const touch = options.touch ?? true;
  const context = await browser.newContext({
    viewport: { width, height },
    hasTouch: touch,
    isMobile: touch,
    locale: language,
  });
  await context.addInitScript(
    ({ key, prefs }: { key: string; prefs: Record<string, unknown> }) =>
      localStorage.setItem(key, JSON.stringify(prefs)),
    { key: PREFS_KEY, prefs: { language, name: 'Keawe', speed: TEST_SPEED, ...options.prefs } },
  );
  return { context, page: await context.newPage() };
}

/**
 * Devices (as `device` makes them) kept for the tests of one describe block, one per
 * screen size and options: a test takes its page as the last test left it, and goes on
 * by the app's own links (a new table from the home screen), without a new context and a
 * first load of the app, which cost about as much as a short game. A device that a failed
 * test used is closed, and made afresh for the next test that asks for it, so that one
 * failure does not spill into the tests after it.
 */
export function sharedDevices(
  browser: () => Browser,
): (width: number, height: number, options?: DeviceOptions) => Promise<{ context: BrowserContext; page: Page }> {
  const open = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();
  let used = new Set<string>();
  const close = (key: string) => {
    const made = open.get(key);
    open.delete(key);
    return made?.then((d) => d.context.close()).catch(() => undefined);
  };
  beforeEach(() => {
    const mine = new Set<string>();
    used = mine;
    onTestFailed(async () => {
      await Promise.all([...mine].map(close));
    });
  });
  afterAll(async () => {
    await Promise.all([...open.keys()].map(close));
  });
  return (width, height, options = {}) => {
    const key = JSON.stringify([width, height, options.language ?? 'en', options.touch ?? true, options.prefs ?? {}]);
    used.add(key);
    if (!open.has(key)) open.set(key, device(browser(), width, height, options));
    return open.get(key)!;
  };
}

/**
 * Runs `checks` in the page now and again after every change to its document (once a
 * frame at most), keeping each distinct finding they return: every state the page shows
 * is looked at, not only those a test's polling happens to meet, and at no round trip
 * each. The checks are sent as their source and so must use nothing from outside them.
 * A new watch on a page ends the one before. Returns a reader of the findings so far.
 */
export async function watchPage(page: Page, checks: readonly (() => string[])[]): Promise<() => Promise<string[]>> {
  // As an expression, evaluated by the DevTools protocol, outside the page's CSP.
  await page.evaluate(`globalThis.__testChecks = [${checks.map(String).join(', ')}];`);
  await page.evaluate(() => {
    type Watch = { checks: (() => string[])[]; found: Set<string>; observer: MutationObserver };
    const g = globalThis as unknown as { __testChecks: Watch['checks']; __testWatch?: Watch };
    g.__testWatch?.observer.disconnect();
    const found = new Set<string>();
    const run = () => {
      for (const check of g.__testChecks) for (const f of check()) found.add(f);
    };
    let queued = false;
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        run();
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    g.__testWatch = { checks: g.__testChecks, found, observer };
    run();
  });
  return () =>
    page.evaluate(() => [...(globalThis as unknown as { __testWatch: { found: Set<string> } }).__testWatch.found]);
}

/** Controls a finger cannot hit: visible buttons, links styled as buttons and fields under 44 px either way. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a.btn, input, select')]
      .filter((e) => e.checkVisibility())
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.height < 44 || r.width < 44;
      })
      .map((e) => `${e.tagName.toLowerCase()} "${e.textContent?.trim() || e.getAttribute('aria-label')}"`),
  );
}

/** The page needs no scrolling: nothing reaches below or beside the screen. */
export function fitsScreen(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      document.scrollingElement!.scrollHeight <= window.innerHeight &&
      document.scrollingElement!.scrollWidth <= window.innerWidth,
  );
}

/** Elements (inside `within`) reaching past the right edge of a 360 px screen, which would make the page scroll sideways. */
export function overflowing(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate(
    (root) =>
      [...document.querySelectorAll(`${root} *`)]
        .filter((e) => e.getBoundingClientRect().right > 360.5)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${String(e.className).replace(/ /g, '.')} (${Math.round(e.getBoundingClientRect().right)})`,
        ),
    within,
  );
}

/**
 * The emoji in the page's text, shown or not (Extended_Pictographic). Only an emoji font draws
 * them in colour, and Debian's Chromium has none: without a symbol font they are boxes.
 */
export function emojiOn(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set((document.body.textContent ?? '').match(/\p{Extended_Pictographic}/gu) ?? []),
  ]);
}

/** A device's virtual authenticator, by the DevTools session that drives it. */
export interface Authenticator {
  readonly cdp: CDPSession;
  readonly authenticatorId: string;
}

/**
 * A platform authenticator (CDP `WebAuthn.addVirtualAuthenticator`) that holds passkeys
 * and verifies its user, as a phone's. A passkey's site is a host name: pages that use it
 * must be at localhost, not 127.0.0.1.
 */
export async function addAuthenticator(context: BrowserContext, page: Page): Promise<Authenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Copy one device's passkeys to another's, as a passkey manager syncs them. */
export async function syncPasskeys(from: Authenticator, to: Authenticator): Promise<void> {
  const { credentials } = await from.cdp.send('WebAuthn.getCredentials', { authenticatorId: from.authenticatorId });
  for (const credential of credentials)
    await to.cdp.send('WebAuthn.addCredential', { authenticatorId: to.authenticatorId, credential });
}
