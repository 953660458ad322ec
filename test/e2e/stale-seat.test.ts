/**
 * A seat token the table no longer knows (the table was reset, or the token is from
 * elsewhere): the server refuses the watch with ERR_BAD_TOKEN, and the web client, which
 * matches that code exactly, forgets the token and shows the table as a spectator.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, device, serverAndBrowser } from './harness.js';

const run = browserAvailable();

describe.skipIf(!run)('a stale seat token', () => {
  const env = serverAndBrowser();

  it('is forgotten on ERR_BAD_TOKEN, and the table is watched as a spectator', async () => {
    const url = env.server().url;
    const made = await fetch(`${url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Host', options: { players: 3 } }),
    });
    const { code } = (await made.json()) as { code: string };
    const { page } = await device(env.browser(), 390, 844);
    await page.goto(url);
    const key = `bottle-imp:seat:${code}`;
    await page.evaluate(
      ([k]) => localStorage.setItem(k, JSON.stringify({ seat: 1, token: 'a-token-this-table-never-gave' })),
      [key],
    );
    await page.goto(`${url}/#/t/${code}`);
    await page.getByTestId('join-seat').waitFor();
    expect(await page.evaluate(([k]) => localStorage.getItem(k), [key])).toBeNull();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
