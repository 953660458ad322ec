#!/usr/bin/env node
// A random bot for Bottle Imp, speaking bottle-imp-bot/1 (docs/bot-protocol.md). No
// dependencies. Run it in a tournament:
//   bottle-imp tournament --players 4 --hands 8 --seats "cmd:node examples/node/random-bot.mjs",expert,expert,expert
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.type === 'hello') send({ type: 'ready', name: 'RandomBot (Node)', author: 'Bottle Imp examples' });
  else if (message.type === 'decide') {
    const { legal } = message;
    send({ type: 'action', id: message.id, action: legal[Math.floor(Math.random() * legal.length)] });
  }
  // "events" and "bye" need no answer.
}
