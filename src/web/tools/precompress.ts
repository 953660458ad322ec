/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text
 * file of the build, at the strongest settings: compressing once at build time costs
 * nothing per request, and the server sends the copy the browser accepts
 * (@fastify/static `preCompressed`, src/server/http/static.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(html|js|css|svg|json|webmanifest|txt|map)$/;
/** Below this a copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bottle-imp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's files (the service worker and the manifest are written
    // when the bundle closes), so that those are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of textFiles(outDir)) {
          const raw = readFileSync(file);
          if (raw.length < MIN_BYTES) continue;
          const br = brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          if (br.length < raw.length) writeFileSync(`${file}.br`, br);
          const gz = gzipSync(raw, { level: 9 });
          if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && TEXT.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}
