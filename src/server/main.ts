/**
 * `node dist/server/main.js`: the server with settings from the environment (see config.ts).
 * A problem at start-up (bad setting, port in use, DATA_DIR a file) is one line on standard
 * error and exit status 1; SIGTERM and SIGINT stop it gracefully, within seconds.
 */
import type { RunningServer } from './app.js';
import { configFromEnv } from './config.js';
import { checkStartable, startupProblem } from './startup.js';

let server: RunningServer;
try {
  const config = configFromEnv();
  await checkStartable(config);
  // Loaded only once the settings are good: a bad setting is reported without first loading
  // the whole server (a second of CPU).
  const { startServer } = await import('./app.js');
  server = await startServer(config);
  // The one line a person reads (standard output is the JSON log): the address to open.
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${server.port}`;
  process.stderr.write(`bottle-imp server: open ${url.replace(/\/?$/, '/')}\n`);
} catch (e) {
  process.stderr.write(`bottle-imp server: ${startupProblem(e)}\n`);
  process.exit(1);
}

/**
 * A stop is bounded step by step (app.ts); this is the last resort should one of them
 * still hang. A second signal ends the process at once.
 */
const STOP_LIMIT_MS = 15_000;

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) {
      process.stderr.write(`bottle-imp server: ${signal} again; stopping at once\n`);
      process.exit(1);
    }
    stopping = true;
    setTimeout(() => {
      process.stderr.write(`bottle-imp server: the stop took longer than ${STOP_LIMIT_MS} ms; exiting\n`);
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    server.close().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
