/**
 * Starting and stopping the server as a user does: `npm start` as a real process tree
 * (npm → node), stopped by SIGTERM and SIGINT as systemd or a container would; start-up
 * problems as one line; and `prestart` building only when a source changed.
 * Uses the compiled server (npm test builds it first).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const MAIN = path.join(ROOT, 'dist', 'server', 'main.js');

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-start-'));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs the compiled server with the given environment until it exits; stdout and stderr apart. */
function runServer(env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm start', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`stops the server on ${signal} sent to npm: no orphan keeps serving`, async () => {
      const dataDir = tempDir();
      // --ignore-scripts skips prestart (tested below), so a source edited after the last
      // build does not make this test wait for a build; the start script itself still runs.
      const npm = spawn('npm', ['start', '--ignore-scripts'], {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      npm.stdout.on('data', (d) => (out += d));
      npm.stderr.on('data', (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      const timeout = setTimeout(() => npm.kill('SIGKILL'), 100_000);
      const ready = await new Promise<{ pid: number; port: number }>((resolve, reject) => {
        npm.stdout.on('data', () => {
          const line = out.split('\n').find((l) => l.includes('bottle-imp server ready'));
          if (line) resolve(JSON.parse(line));
        });
        exited.then((code) => reject(new Error(`npm start exited with ${code} before the server was ready:\n${out}`)));
      });
      try {
        expect((await fetch(`http://127.0.0.1:${ready.port}/healthz`)).status).toBe(200);
        // One line says where to open the game.
        await expect.poll(() => out).toContain(`bottle-imp server: open http://127.0.0.1:${ready.port}/\n`);
      } finally {
        npm.kill(signal);
      }
      expect(await exited).toBe(0);
      for (let i = 0; i < 50 && alive(ready.pid); i++) await new Promise((r) => setTimeout(r, 100));
      expect(alive(ready.pid)).toBe(false);
      await expect(fetch(`http://127.0.0.1:${ready.port}/healthz`)).rejects.toThrow();
      clearTimeout(timeout);
    }, 120_000);
  }
});

describe('start-up problems are one line and exit status 1, and create nothing', () => {
  test('PORT that is not a number', () => {
    const dataDir = path.join(tempDir(), 'data');
    const r = runServer({ PORT: 'abc', DATA_DIR: dataDir });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('bottle-imp server: PORT must be a whole number from 0 to 65535, not "abc"\n');
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  test('a connection or host setting out of range', () => {
    for (const [name, value, line] of [
      ['MAX_SOCKETS_PER_ADDRESS', '0', 'MAX_SOCKETS_PER_ADDRESS must be a whole number of at least 1, not "0"'],
      ['IDLE_CONNECTION_SECONDS', '301', 'IDLE_CONNECTION_SECONDS must be a whole number from 1 to 300, not "301"'],
      [
        'MAX_PUBLIC_TABLES_PER_ADDRESS',
        'many',
        'MAX_PUBLIC_TABLES_PER_ADDRESS must be a whole number of at least 1, not "many"',
      ],
      [
        'ALLOWED_HOSTS',
        'imp.example.org, https://x',
        'ALLOWED_HOSTS must list host names separated by commas (e.g. imp.example.org), not "https://x"',
      ],
    ]) {
      const dataDir = path.join(tempDir(), 'data');
      const r = runServer({ PORT: '0', DATA_DIR: dataDir, [name]: value });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`bottle-imp server: ${line}\n`);
      expect(fs.existsSync(dataDir)).toBe(false);
    }
  });

  test('a port already in use', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const r = runServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(
        `bottle-imp server: port ${port} on 127.0.0.1 is already in use (is another server running? set PORT to a free port)\n`,
      );
      expect(r.stdout).toBe('');
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      blocker.close();
    }
  });

  test('DATA_DIR that is a file, or inside a file', () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const r = runServer({ PORT: '0', DATA_DIR: file });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`bottle-imp server: DATA_DIR ${file} is a file, not a folder\n`);
    const inside = runServer({ PORT: '0', DATA_DIR: path.join(file, 'data') });
    expect(inside.status).toBe(1);
    expect(inside.stderr).toBe(
      `bottle-imp server: DATA_DIR ${path.join(file, 'data')} cannot be a folder: part of its path is a file\n`,
    );
  });
});

describe('prestart builds only when needed', () => {
  /** A tiny project with the real script, whose "build" only says that it ran. */
  function project(): string {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'scripts'));
    fs.copyFileSync(path.join(ROOT, 'scripts', 'build-if-stale.mjs'), path.join(dir, 'scripts', 'build-if-stale.mjs'));
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'p', private: true, scripts: { build: 'node -e "console.log(\'BUILD RAN\')"' } }),
    );
    fs.mkdirSync(path.join(dir, 'src', 'server'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', 'server', 'main.ts'), '');
    return dir;
  }
  const prestart = (dir: string): string =>
    spawnSync(process.execPath, [path.join(dir, 'scripts', 'build-if-stale.mjs')], { cwd: dir, encoding: 'utf8' })
      .stdout;
  function build(dir: string, at: Date): void {
    for (const f of ['dist/server/main.js', 'dist/cli/main.js', 'dist/web/index.html']) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), '');
      fs.utimesSync(path.join(dir, f), at, at);
    }
  }

  test('builds when there is no build, not when nothing changed, again when a source changed', () => {
    const dir = project();
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dir, 'package.json'), past, past);
    fs.utimesSync(path.join(dir, 'src', 'server', 'main.ts'), past, past);
    expect(prestart(dir)).toContain('building (no build yet)');
    build(dir, new Date());
    const again = prestart(dir);
    expect(again).toContain('the build is up to date');
    expect(again).not.toContain('BUILD RAN');
    fs.writeFileSync(path.join(dir, 'src', 'server', 'main.ts'), '// changed');
    fs.utimesSync(path.join(dir, 'src', 'server', 'main.ts'), new Date(Date.now() + 1000), new Date(Date.now() + 1000));
    const changed = prestart(dir);
    expect(changed).toContain('building (sources changed since the last build)');
    expect(changed).toContain('BUILD RAN');
  });
});
