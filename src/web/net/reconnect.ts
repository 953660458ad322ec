/**
 * After a dropped connection the server may count the old session against this address's
 * cap until its pings go unanswered (up to a minute), and at the cap it would refuse the
 * reconnection. So every handshake after the first names the session before it
 * (`previous`, docs/protocol.md): the server closes that one and lets the new one take its
 * place.
 */
import type { Manager } from 'socket.io-client';

export function namePreviousSession(manager: Manager): void {
  manager.on('open', () => {
    // A new object: the engine just opened keeps the query it was made with.
    manager.opts.query = { ...manager.opts.query, previous: manager.engine.id };
  });
}
