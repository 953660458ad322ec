/**
 * Bad input against one server: thousands of malformed, out-of-turn, wrong-seat and
 * oversized messages get clear refusals, never crash the server and never change the game
 * (helpers/bad-input-suite.ts).
 */
import { expect } from 'vitest';
import { ATTACKED_SERVER_ENV, badInputSuite } from './helpers/bad-input-suite.js';
import { startServer } from './helpers/server.js';

badInputSuite(async () => {
  const server = await startServer(ATTACKED_SERVER_ENV);
  return {
    server,
    url: server.url,
    async stop() {
      expect(await server.stop()).toBe(0);
    },
  };
});
