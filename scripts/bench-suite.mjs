#!/usr/bin/env node
// The test suite's wall time, as CI runs it: `npm test` (build included) with the default
// and JSON reporters. Prints the wall time, the counts, the ten slowest test files and the
// ten that spent the most CPU with the processes they started (test/cpu-per-file.ts), and
// writes them with the machine and date to test-artifacts/suite-bench.json (BENCHMARKS.md,
// "Test suite"). Arguments go to vitest (e.g. `npm run bench:suite -- test/engine`).
// A benchmark, not a test: it exits with the suite's status but sets no time limit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'test-artifacts');
const results = path.join(artifacts, 'suite-bench-results.json');
const cpuLog = path.join(artifacts, 'suite-bench-cpu.jsonl');
fs.mkdirSync(artifacts, { recursive: true });
fs.rmSync(results, { force: true });
fs.rmSync(cpuLog, { force: true });

const args = [
  'test',
  '--',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}`,
  ...process.argv.slice(2),
];
const started = performance.now();
const status = await new Promise((resolve) => {
  const npm = spawn('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, SUITE_CPU_LOG: cpuLog } });
  npm.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
const wallSeconds = (performance.now() - started) / 1000;

if (!fs.existsSync(results)) {
  console.error(`bench:suite: vitest wrote no results (${results}); npm test exited with ${status}`);
  process.exit(status || 1);
}
const run = JSON.parse(fs.readFileSync(results, 'utf8'));
const files = run.testResults
  .map((f) => ({ file: path.relative(root, f.name), seconds: (f.endTime - f.startTime) / 1000 }))
  .sort((a, b) => b.seconds - a.seconds);
// CPU seconds by file: its worker, plus the larger of the two counts of what it started.
const cpu = (fs.existsSync(cpuLog) ? fs.readFileSync(cpuLog, 'utf8').trim().split('\n') : [])
  .map((line) => JSON.parse(line))
  .map((f) => {
    const sampled = Object.values(f.byCommand).reduce((a, b) => a + b, 0);
    return { file: path.relative(root, f.file), seconds: f.own + Math.max(sampled, f.reaped), byCommand: f.byCommand };
  })
  .sort((a, b) => b.seconds - a.seconds);
const byCommand = {};
for (const f of cpu)
  for (const [command, s] of Object.entries(f.byCommand)) byCommand[command] = (byCommand[command] ?? 0) + s;
const round = (s) => Number(s.toFixed(1));
const [load1, load5, load15] = os.loadavg().map((l) => Number(l.toFixed(1)));
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  loadAverageAtEnd: [load1, load5, load15],
  args: process.argv.slice(2),
  wallSeconds: Number(wallSeconds.toFixed(1)),
  files: files.length,
  passed: run.numPassedTests,
  failed: run.numFailedTests,
  skipped: run.numPendingTests + run.numTodoTests,
  slowest: files.slice(0, 10).map((f) => ({ file: f.file, seconds: round(f.seconds) })),
  cpuSeconds: {
    files: round(cpu.reduce((a, f) => a + f.seconds, 0)),
    startedBy: Object.fromEntries(
      Object.entries(byCommand)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([command, s]) => [command, round(s)]),
    ),
    most: cpu.slice(0, 10).map((f) => ({ file: f.file, seconds: round(f.seconds) })),
  },
};
fs.writeFileSync(path.join(artifacts, 'suite-bench.json'), `${JSON.stringify(report, null, 2)}\n`);

const minutes = `${Math.floor(wallSeconds / 60)} min ${Math.round(wallSeconds % 60)} s`;
console.log(`\nnpm test: ${minutes} wall (${report.wallSeconds} s), ${report.files} files,`);
console.log(`${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped;`);
console.log(
  `${report.cpus} CPUs (${report.cpu}), Node ${report.node}, load average at the end ${report.loadAverageAtEnd.join(' / ')}`,
);
console.log('The ten slowest files (seconds from their start to their end, in parallel with others):');
for (const f of report.slowest) console.log(`  ${f.seconds.toFixed(1).padStart(6)}  ${f.file}`);
console.log(
  `CPU seconds of the files with what they started: ${report.cpuSeconds.files}; started processes by name:`,
  report.cpuSeconds.startedBy,
);
console.log('The ten that spent the most CPU:');
for (const f of report.cpuSeconds.most) console.log(`  ${f.seconds.toFixed(1).padStart(6)}  ${f.file}`);
console.log('Written to test-artifacts/suite-bench.json');
process.exit(status);
