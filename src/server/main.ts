/**
 * `node dist/server/main.js`: the server with settings from the environment (see config.ts).
 * A problem at start-up (bad setting, port in use, DATA_DIR a file) is one line on standard
 * error and exit status 1; SIGTERM and SIGINT stop it gracefully.
 */
import { type RunningServer, startServer } from './app.js';
import { configFromEnv } from './config.js';
import { checkStartable, startupProblem } from './startup.js';

let server: RunningServer;
try {
  const config = configFromEnv();
  await checkStartable(config);
  server = await startServer(config);
} catch (e) {
  process.stderr.write(`bottle-imp server: ${startupProblem(e)}\n`);
  process.exit(1);
}

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
