/** A browser for the HTTP tests of the daily deal and duplicate events: it keeps the guest cookie the server sets and sends it back. */
import { requestFrom, type TestServer } from './server.js';

export function guestBrowser(server: TestServer) {
  let cookie: string | null = null;
  return async (method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = { origin: server.url };
    if (cookie) headers.cookie = `bi_daily=${cookie}`;
    const res = await requestFrom(server, '127.0.0.1', method, url, headers, body);
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const [name, value] = line.split(';')[0].split('=');
      if (name === 'bi_daily') cookie = value;
    }
    return { status: res.status, body: JSON.parse(res.body), raw: res.body, headers: res.headers };
  };
}
