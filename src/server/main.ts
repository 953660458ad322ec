/** `node dist/server/main.js`: the server with settings from the environment (see config.ts). */
import { startServer } from './app.js';
import { configFromEnv } from './config.js';

const server = await startServer(configFromEnv());

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
