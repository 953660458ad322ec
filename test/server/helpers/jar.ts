/**
 * A browser's side of the session cookie for tests: one jar is one browser. It keeps the
 * `bi_session` cookie the server sets (and forgets it when told to), sends it back, and
 * sends the Origin a page of the server would, from a chosen loopback address.
 */
import type http from 'node:http';
import { requestFrom, type TestServer } from './server.js';

export interface JarReply<T> {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: T;
  /** The reply as it came, to check that no secret is in it. */
  readonly raw: string;
}

export class Jar {
  cookie: string | null = null;

  constructor(
    private readonly server: TestServer,
    /** The loopback address requests come from (the server limits per address). */
    readonly from = '127.0.0.1',
    /** The Origin sent with requests that change something; null sends none. */
    public origin: string | null = server.url,
  ) {}

  async request<T = unknown>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JarReply<T>> {
    const sent: Record<string, string> = { ...headers };
    if (this.cookie) sent.cookie = `bi_session=${this.cookie}`;
    if (this.origin && method !== 'GET') sent.origin = this.origin;
    const res = await requestFrom(this.server, this.from, method, url, sent, body);
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = pair.split('=');
      if (name !== 'bi_session') continue;
      this.cookie = attributes.some((a) => a.trim() === 'Max-Age=0') ? null : value;
    }
    const json = res.body !== '' && res.headers['content-type']?.includes('json');
    return {
      status: res.status,
      headers: res.headers,
      body: (json ? JSON.parse(res.body) : res.body) as T,
      raw: res.body,
    };
  }

  signUp(username: string, password: string) {
    return this.request<{ account: { username: string; createdAt: number } }>('POST', '/api/accounts', {
      username,
      password,
    });
  }

  signIn(username: string, password: string) {
    return this.request<{ account: { username: string; createdAt: number } }>('POST', '/api/session', {
      username,
      password,
    });
  }
}
