// Measures what the service worker precaches (dist/web/sw.js, pwa.config.ts): how many
// files, their bytes as built, and as a browser downloads them to install the app (the
// brotli copy the server sends when there is one, tools/precompress.ts). Prints JSON.
// Part of `npm run bench:web`; the figures are in BENCHMARKS.md.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const worker = readFileSync(path.join(dir, 'sw.js'), 'utf8');
// Workbox writes the list as {url:"…",revision:…} entries.
const urls = [...worker.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1]);
const files = urls.map((url) => {
  const file = path.join(dir, url);
  const bytes = statSync(file).size;
  const wireBytes = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : bytes;
  return { url, bytes, wireBytes };
});
const sum = (key) => files.reduce((total, f) => total + f[key], 0);
const kind = (f) => (f.url.startsWith('assets/locale-') ? 'locales' : path.extname(f.url).slice(1));
const byKind = {};
for (const f of files) {
  const k = kind(f);
  byKind[k] ??= { count: 0, bytes: 0, wireBytes: 0 };
  byKind[k].count++;
  byKind[k].bytes += f.bytes;
  byKind[k].wireBytes += f.wireBytes;
}
console.log(
  JSON.stringify(
    {
      precache: {
        count: files.length,
        bytes: sum('bytes'),
        wireBytes: sum('wireBytes'),
        kiB: Math.round((sum('bytes') / 1024) * 10) / 10,
        wireKiB: Math.round((sum('wireBytes') / 1024) * 10) / 10,
        byKind,
      },
      serviceWorker: { bytes: statSync(path.join(dir, 'sw.js')).size },
    },
    null,
    2,
  ),
);
