/**
 * The thread that owns one bot program's process. It writes the host's lines to the
 * program's standard input and hands every line the program writes to standard output
 * (and its exit) to the host's port, counting each in shared memory, so the host can
 * wait for an answer synchronously (program.ts) the way `Bot.decide` must. Standard error
 * is the program's log: kept apart, and printed only when the host is verbose.
 */
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';

export interface ProgramThreadData {
  readonly command: string;
  readonly port: MessagePort;
  /** [0]: messages posted to the port so far. */
  readonly posted: Int32Array;
  /** Where the program's log lines go, or null to drop them. */
  readonly logPrefix: string | null;
}

/** What the thread tells the host. */
export type ProgramEvent =
  | { readonly kind: 'line'; readonly line: string }
  | { readonly kind: 'exit'; readonly status: number | null; readonly signal: string | null }
  /** A line the host asked to hear about (`flushed`) is in the program's input. */
  | { readonly kind: 'flushed' }
  | { readonly kind: 'error'; readonly message: string };

const { command, port, posted, logPrefix } = workerData as ProgramThreadData;

function tell(event: ProgramEvent): void {
  port.postMessage(event);
  // Counted after the post, so a host woken by the count finds the message on its port.
  Atomics.add(posted, 0, 1);
  Atomics.notify(posted, 0);
}

// Through the shell, so that a command is written as on a command line ("python3 bot.py"),
// in a process group of its own, so that stopping it stops the program, not just the shell.
const child = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
child.on('error', (e) => tell({ kind: 'error', message: e.message }));
// A program that quits early makes our writes fail; its exit is what the host reports.
child.stdin.on('error', () => undefined);
createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
  tell({ kind: 'line', line }),
);
createInterface({ input: child.stderr, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
  // Straight to the process's standard error: a thread's own stream is relayed through
  // its parent threads, and lines still on their way are lost when a thread is ended.
  if (logPrefix !== null) writeSync(2, `${logPrefix}${line}\n`);
});
// 'close' rather than 'exit': every line it wrote has been told first.
child.on('close', (status, signal) => {
  tell({ kind: 'exit', status, signal });
  port.close();
  parentPort?.close();
});

/**
 * What the host asks: write a line (and with `flushed`, say when it is in the program's
 * input), or stop the program now (it failed).
 */
export type HostRequest = { readonly write: string; readonly flushed?: true } | { readonly kill: true };

port.on('message', (request: HostRequest) => {
  if ('write' in request)
    child.stdin.write(request.write + '\n', () => {
      if (request.flushed) tell({ kind: 'flushed' });
    });
  else if (child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});
