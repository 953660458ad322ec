/**
 * The documents' checkable claims, checked against the code: docs/protocol.md's table lists
 * exactly the error codes of the union the server sends (src/values), every file the
 * documents point to exists, each source folder imports only what ARCHITECTURE.md's table
 * allows (re-exports included), the single-node core imports nothing of the cluster,
 * docs/server.md's table of the store's roles matches store.ts, every wait has a clock (the
 * database, Redis, HTTP, acknowledged emits, the server's bot threads),
 * identifiers named exist, and docs/bots.md's levels and bots exports are the code's. The
 * lists are read from the sources, so a code or import added later is checked too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES } from '../../src/values/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

describe('docs/protocol.md', () => {
  test('its error table names exactly the codes of the union the server sends, the engine’s included', () => {
    const protocol = read('docs/protocol.md');
    const table = protocol.slice(protocol.indexOf('| `ERR_'));
    const documented = [...new Set([...table.matchAll(/`(ERR_[A-Z_]+)`/g)].map((m) => m[1]))];
    expect(documented.sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('imports', () => {
  test('no module of src/ imports itself through others (no import circles)', () => {
    const files = sources('src');
    const known = new Set(files);
    const edges = new Map<string, string[]>();
    for (const file of files) {
      const targets = [...read(file).matchAll(IMPORT)].map((m) => join(file, '..', m[3]).replace(/\.js$/, ''));
      edges.set(
        file,
        targets.flatMap((t) => [`${t}.ts`, `${t}.tsx`].filter((f) => known.has(f))),
      );
    }
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });
});

describe('the browser’s bundles', () => {
  test('the offline game’s Web Worker reaches no Node module through its value imports', () => {
    // Type imports are erased; every module a value import reaches is bundled for the browser.
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const m of read(file).matchAll(IMPORT)) {
        if (m[1]) continue;
        const target = join(file, '..', m[3]).replace(/\.js$/, '');
        const found = [`${target}.ts`, `${target}.tsx`].find((f) => existsSync(join(ROOT, f)));
        if (found) visit(found);
      }
    };
    visit('src/web/offline/worker.ts');
    expect(reached).toContain('src/bots/levels.ts');
    expect([...reached].filter((f) => /from 'node:/.test(read(f)))).toEqual([]);
  });
});

describe('paths named in the documents exist', () => {
  const documents = [
    'README.md',
    'ARCHITECTURE.md',
    'RULES.md',
    'RECORD.md',
    'BENCHMARKS.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  test.each(documents)('%s', (doc) => {
    const text = read(doc);
    const named = new Set<string>();
    // Relative links, and code spans that are paths in this repository.
    for (const m of text.matchAll(/\]\(([^)#:\s]+)(#[^)]*)?\)/g)) named.add(join(doc, '..', m[1]));
    for (const m of text.matchAll(/`((?:src|test|docs|bench|scripts|\.ci)\/[\w./-]+?)`/g))
      if (!m[1].includes('*')) named.add(m[1].replace(/\/$/, ''));
    for (const m of text.matchAll(/`([\w-]+\.(?:json|md|ts|mjs))` beside this file/g)) named.add(join(doc, '..', m[1]));
    expect([...named].filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });
});

/** A relative import or re-export (`export … from` imports too): its `type`, its names, its path. */
const IMPORT = /^(?:import|export) (type )?(?:\{([^}]*)\}|[\w*\s]+) from '(\.[^']+)';/gm;

describe('ARCHITECTURE.md: each folder imports only what its table allows', () => {
  /** Folder → allowed folders; "(types…)" allows only `import type`, except values named in backticks there. */
  const rows = [...read('ARCHITECTURE.md').matchAll(/^\| `src\/(\w+)\/` \| .* \| ([^|]+) \|$/gm)].map((m) => ({
    folder: m[1],
    allowed:
      m[2].trim() === 'nothing'
        ? []
        : [...m[2].matchAll(/(\w+)(?: \(types([^)]*)\))?/g)].map((a) => ({
            folder: a[1],
            typesOnly: a[0].includes('(types'),
            values: [...(a[2] ?? '').matchAll(/`(\w+)`/g)].map((v) => v[1]),
          })),
  }));

  test('the table lists every folder of src/', () => {
    expect(rows.map((r) => r.folder).sort()).toEqual(readdirSync(join(ROOT, 'src')).sort());
  });

  test.each(rows.map((r) => [r.folder, r] as const))('src/%s/', (_, row) => {
    const problems: string[] = [];
    for (const file of sources(`src/${row.folder}`)) {
      for (const m of read(file).matchAll(IMPORT)) {
        const target = relative(join(ROOT, 'src'), join(ROOT, file, '..', m[3])).split('/')[0];
        if (target === row.folder) continue;
        const rule = row.allowed.find((a) => a.folder === target);
        if (!rule) problems.push(`${file} imports ${m[3]}`);
        else if (rule.typesOnly && !m[1]) {
          const values = (m[2] ?? '')
            .split(',')
            .map((n) => n.trim())
            .filter((n) => n !== '' && !n.startsWith('type '));
          const extra = values.filter((v) => !rule.values.includes(v));
          if (extra.length > 0)
            problems.push(`${file} imports the values ${extra.join(', ')} from ${m[3]} (types only)`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('ARCHITECTURE.md: the cluster stays out of the single-node core', () => {
  test('the import reader sees re-exports and imports over several lines', () => {
    const sample = [
      "export { seatLabels } from '../bots/a.js';",
      "export * from './b.js';",
      "export type { View } from '../engine/c.js';",
      "import {\n  type X,\n  y,\n} from '../d.js';",
    ].join('\n');
    expect([...sample.matchAll(IMPORT)].map((m) => m[3])).toEqual([
      '../bots/a.js',
      './b.js',
      '../engine/c.js',
      '../d.js',
    ]);
  });

  test('only app.ts (which wires a node in) and config.ts (its settings) import src/server/cluster/', () => {
    const wiring = new Set(['src/server/app.ts', 'src/server/config.ts']);
    const problems: string[] = [];
    for (const file of sources('src')) {
      if (file.startsWith('src/server/cluster/') || wiring.has(file)) continue;
      for (const m of read(file).matchAll(IMPORT))
        if (join(file, '..', m[3]).startsWith('src/server/cluster/')) problems.push(`${file} imports ${m[3]}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('docs/server.md: the store is a few small roles', () => {
  const source = read('src/server/store/store.ts');
  /** Each interface of store.ts: the interfaces it extends (on one line or several) and its own methods. */
  const interfaces = new Map(
    // `extends` may be broken over lines, as the formatter does to a long one.
    [...source.matchAll(/^export interface (\w+)(?:\s+extends\s+([\w,\s]+?))?\s*\{(\}|\n[\s\S]*?^\})/gm)].map((m) => [
      m[1],
      {
        extends: (m[2] ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n !== ''),
        methods: [...m[3].matchAll(/^ {2}(\w+)\(/gm)].map((f) => f[1]),
      },
    ]),
  );
  /** Every method of an interface, inherited ones included. */
  const allMethods = (name: string): string[] => {
    const i = interfaces.get(name)!;
    return [...i.methods, ...i.extends.flatMap(allMethods)];
  };
  const docs = read('docs/server.md');
  const section = docs.slice(docs.indexOf('## Store'), docs.indexOf('\n## ', docs.indexOf('## Store')));
  const rows = [...section.matchAll(/^\| `(\w+)` \| (\d+) \| [^|]+ \| [^|]+ \|$/gm)].map((m) => ({
    name: m[1],
    count: Number(m[2]),
  }));

  test('its table names every role of Store and Store itself, each with its number of methods', () => {
    const roles = (name: string): string[] => [name, ...interfaces.get(name)!.extends.flatMap(roles)];
    expect(rows.map((r) => r.name).sort()).toEqual([...new Set(roles('Store'))].sort());
    for (const { name, count } of rows)
      expect(name === 'Store' ? allMethods(name).length : interfaces.get(name)!.methods.length, name).toBe(count);
  });

  test('no method is in two roles, and no role is large', () => {
    const all = allMethods('Store');
    expect(all.length).toBe(new Set(all).size);
    for (const { name, count } of rows) if (name !== 'Store') expect(count, name).toBeLessThanOrEqual(8);
  });
});

describe('ARCHITECTURE.md: every wait has a clock', () => {
  const code = sources('src').map((file) => ({ file, text: read(file) }));
  /** The argument list of each `new Name(` call in the sources (up to its closing parenthesis). */
  function constructions(name: RegExp): { file: string; args: string }[] {
    const found: { file: string; args: string }[] = [];
    for (const { file, text } of code) {
      for (const m of text.matchAll(new RegExp(`new ${name.source}\\(`, 'g'))) {
        let depth = 1;
        let end = m.index + m[0].length;
        while (depth > 0 && end < text.length) depth += { '(': 1, ')': -1 }[text[end++]] ?? 0;
        found.push({ file, args: text.slice(m.index + m[0].length, end - 1) });
      }
    }
    return found;
  }

  test('every PostgreSQL connection limits its connect and each query', () => {
    const made = constructions(/pg\.(?:Pool|Client)/);
    expect(made.length).toBeGreaterThan(0);
    const bare = made.filter((c) => !/connectionTimeoutMillis/.test(c.args) || !/query_timeout/.test(c.args));
    expect(bare.map((c) => c.file)).toEqual([]);
  });

  test('every Redis connection limits its connect and its commands', () => {
    const made = constructions(/Redis/);
    expect(made.length).toBeGreaterThan(0);
    const bare = made.filter((c) => !/connectTimeout/.test(c.args) || !/commandTimeout/.test(c.args));
    expect(bare.map((c) => c.file)).toEqual([]);
  });

  test('every job the server gives a bot thread or an analysis process has a time limit (a hung one is replaced)', () => {
    const problems: string[] = [];
    let pools = 0;
    for (const { file, text } of code.filter((c) => c.file.startsWith('src/server/'))) {
      for (const m of text.matchAll(/this\.(\w+) = new (?:WorkerPool|IdleProcesses)\(/g)) {
        pools++;
        for (const call of text.matchAll(new RegExp(`this\\.${m[1]}\\.run\\(([^)]*)\\)`, 'g')))
          if (call[1].split(',').filter((a) => a.trim() !== '').length < 2)
            problems.push(`${file}: this.${m[1]}.run(${call[1]}) without a time limit`);
      }
    }
    expect(pools).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test('every HTTP request and every acknowledged emit gives up after a while', () => {
    const problems: string[] = [];
    for (const { file, text } of code) {
      for (const m of text.matchAll(/(?<![.\w]|private )fetch\(([^)]*)/g))
        if (!/signal:/.test(text.slice(m.index, m.index + 400))) problems.push(`${file}: fetch without a signal`);
      if (/emitWithAck/.test(text) && !/\.timeout\(/.test(text))
        problems.push(`${file}: emitWithAck without .timeout()`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the documents name only code that exists', () => {
  const corpus = ['src', 'test', 'bench', 'scripts']
    .flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && /\.(tsx?|mjs|sh|json|conf)$/.test(e.name))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .concat(read('package.json'), read('.ci/run'))
    .join('\n');
  const documents = [
    'README.md',
    'ARCHITECTURE.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  // nginx's own module, named in the deploy guide.
  const outside = new Set(['real_ip']);
  test.each(documents)(
    '%s: each identifier in code spans (camelCase, PascalCase, UPPER_CASE) is in the code',
    (doc) => {
      const missing = new Set<string>();
      for (const m of read(doc).matchAll(/`([A-Za-z_][\w.]*)(?:\(\))?`/g)) {
        const name = m[1].split('.').pop() ?? '';
        if (outside.has(name) || (!/[A-Z]/.test(name.slice(1)) && !name.includes('_'))) continue;
        if (!new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(corpus)) missing.add(m[1]);
      }
      expect([...missing]).toEqual([]);
    },
  );
});

describe('docs/bots.md: the levels and the bots module', () => {
  const text = read('docs/bots.md');

  test('its levels table has one row per level, in order, with the word the English client shows', async () => {
    const { LEVELS } = await import('../../src/values/index.js');
    const { en } = await import('../../src/web/locales/en.js');
    const section = text.slice(text.indexOf('## Levels'));
    const rows = [...section.matchAll(/^\| (\w+) \| .* \| ([^|]+) \|$/gm)]
      .filter((m) => m[1] !== 'level')
      .map((m) => [m[1], m[2].trim()]);
    expect(rows).toEqual(LEVELS.map((level) => [level, en.bot[level]]));
  });

  test('the values it says src/bots/index.ts exports are exactly those it exports', async () => {
    const bots = await import('../../src/bots/index.js');
    const line = text.match(/`index\.ts` exports the values ([^.]+)\./);
    expect(line).not.toBeNull();
    const named = [...(line?.[1] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(Object.keys(bots).sort());
  });
});
