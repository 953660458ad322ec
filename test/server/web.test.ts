/**
 * The web client as the server sends it: the brotli or gzip copy the build wrote when the
 * browser accepts one, hashed assets cached for a year as immutable, index.html
 * revalidated every time, and so are the service worker and the web app manifest, and
 * static files outside the API's per-address rate limit (which still holds for the API).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, tempDataDir } from './helpers/server.js';

const SCRIPT = `console.log(${JSON.stringify('the bottle imp '.repeat(200))});\n`;

let server: TestServer;
beforeAll(async () => {
  const web = tempDataDir();
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Bottle Imp</title>');
  const js = path.join(web, 'assets', 'index-AbC123.js');
  fs.writeFileSync(js, SCRIPT);
  fs.writeFileSync(`${js}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${js}.gz`, gzipSync(SCRIPT));
  fs.writeFileSync(path.join(web, 'sw.js'), SCRIPT);
  fs.writeFileSync(path.join(web, 'manifest.webmanifest'), '{"name":"The Bottle Imp"}');
  // 60 a minute: a burst of ten API requests, then one a second.
  server = await startServer({ WEB_DIR: web, HTTP_RATE_PER_MINUTE: '60' });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.url}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('static files', () => {
  it('are sent as the brotli or gzip copy the browser accepts, else as they are', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('hashed assets are immutable for a year; index.html is revalidated on every visit', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const asset = await get('/assets/index-AbC123.js', { 'accept-encoding': encoding });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/index.html']) {
      const page = await get(url, { 'accept-encoding': 'br' });
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<title>Bottle Imp</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('the service worker and the manifest keep their names, so they are revalidated on every visit', async () => {
    const worker = await get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^application\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('do not count against the API’s rate limit, which still holds', async () => {
    const answers = [];
    for (let i = 0; i < 40; i++) expect((await get(i % 2 ? '/' : '/assets/index-AbC123.js')).status).toBe(200);
    for (let i = 0; i < 12; i++) answers.push((await get('/api/tables')).status);
    // All forty static files came through and left the API's burst of ten untouched.
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers.slice(10)).toContain(429);
    expect((await get('/assets/index-AbC123.js')).status).toBe(200);
  });
});

describe('the build', () => {
  it('writes a brotli and a gzip copy of every script and style sheet, the service worker’s included', () => {
    const dir = path.join(import.meta.dirname, '..', '..', 'dist', 'web');
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(js|css|webmanifest)$/.test(f));
    expect(files).toContain('sw.js');
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) {
      const raw = fs.readFileSync(path.join(dir, f));
      if (raw.length < 1024) continue;
      expect(brotliDecompressSync(fs.readFileSync(path.join(dir, `${f}.br`))).equals(raw)).toBe(true);
      expect(gunzipSync(fs.readFileSync(path.join(dir, `${f}.gz`))).equals(raw)).toBe(true);
    }
  });
});
