/**
 * The host side of `bottle-imp-bot/1` (docs/bot-protocol.md): one bot program, started
 * once and kept for game after game, each one opened by `hello` and closed by `bye`.
 * `decide` blocks until the program answers or its time is up, as `Bot.decide` must: a
 * thread of its own (program-thread.ts) talks to the process and counts what it hears in
 * shared memory, which this thread waits on with Atomics.wait.
 *
 * Whatever goes wrong (no answer in time, a line that is not JSON, an illegal action, the
 * program gone) is a ProgramFailure with one line for a person; the program is stopped,
 * and the next `hello` starts a fresh copy.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Action, GameEvent, ResolvedOptions, TableView } from '../../engine/index.js';
import { legalActionsOf } from './legal.js';
import { actionKey, BOT_PROTOCOL, type HostMessage, quoted } from './messages.js';
import type { HostRequest, ProgramEvent, ProgramThreadData } from './program-thread.js';

/** How long a program has to answer `hello`. */
export const READY_MS = 10_000;
/** The default limit per decision (`--bot-timeout`). */
export const DEFAULT_DECISION_MS = 10_000;

/** One program's failure: `line` names the seat (from 1), the bot and what it sent. */
export class ProgramFailure extends Error {
  constructor(readonly line: string) {
    super(line);
  }
}

export interface ProgramOptions {
  /** Milliseconds per decision. */
  readonly decisionMs?: number;
  /** Show the program's standard error (prefixed with its name). */
  readonly verbose?: boolean;
}

interface Running {
  readonly thread: Worker;
  readonly port: MessagePort;
  readonly posted: Int32Array;
  exited: string | null;
}

export class ProgramHost {
  private running: Running | null = null;
  /** Whether a game is open (between `hello` and `bye`). */
  private playing = false;
  private seat = 0;
  private nextId = 1;

  /** `command` as after `cmd:` in --seats. */
  constructor(
    readonly command: string,
    private readonly options: ProgramOptions = {},
  ) {}

  /** The name the host gives the bot in its lines: its seat spec. */
  get label(): string {
    return `cmd:${this.command}`;
  }

  /** Opens a game of these options at `seat` (from 0): `hello`, then `ready` within READY_MS. */
  begin(options: ResolvedOptions, seat: number, seed: number): void {
    this.playing = true;
    this.seat = seat;
    this.send({ type: 'hello', protocol: BOT_PROTOCOL, seat, options, seed });
    const line = this.reply(READY_MS, 'ready');
    const message = this.parse(line);
    if (message.type !== 'ready') this.fail(`answered hello with ${quoted(line)} instead of a ready message`);
  }

  /** The program's action for the seat's view, checked against the seat's legal actions (from the view: legal.ts). */
  decide(view: TableView): Action {
    if (!this.playing) throw new Error('decide before begin');
    const id = this.nextId++;
    const legal = legalActionsOf(view);
    this.send({ type: 'decide', id, view, legal });
    const line = this.reply(this.options.decisionMs ?? DEFAULT_DECISION_MS, `decide ${id}`);
    const message = this.parse(line);
    if (message.type !== 'action' || message.id !== id)
      this.fail(`answered decide ${id} with ${quoted(line)} instead of {"type":"action","id":${id},…}`);
    const key = actionKey(message.action);
    const chosen = legal.find((a) => actionKey(a) === key);
    if (!chosen) this.fail(`sent an illegal action for decide ${id}: ${quoted(JSON.stringify(message.action))}`);
    return chosen;
  }

  /** The events of an action, already filtered to what the seat may see. */
  events(events: readonly GameEvent[]): void {
    if (this.running) this.send({ type: 'events', events });
  }

  /**
   * Closes the game; the program waits for the next `hello`. Returns once `bye` is in the
   * program's input: a tournament's last hand may end its threads right after, and the
   * program must still be told.
   */
  end(): void {
    const r = this.running;
    this.playing = false;
    if (r === null || r.exited !== null) return;
    this.request(r, { write: JSON.stringify({ type: 'bye' } satisfies HostMessage), flushed: true });
    this.reply(this.options.decisionMs ?? DEFAULT_DECISION_MS, 'bye', 'flushed');
  }

  private start(): Running {
    const { port1, port2 } = new MessageChannel();
    const posted = new Int32Array(new SharedArrayBuffer(4));
    const data: ProgramThreadData = {
      command: this.command,
      port: port2,
      posted,
      logPrefix: this.options.verbose ? `bottle-imp: ${this.label}: ` : null,
    };
    const thread = new Worker(new URL('./program-thread.js', import.meta.url), {
      workerData: data,
      transferList: [port2],
    });
    thread.unref();
    port1.unref();
    return { thread, port: port1, posted, exited: null };
  }

  private send(message: HostMessage): void {
    this.running ??= this.start();
    if (this.running.exited === null) this.request(this.running, { write: JSON.stringify(message) });
  }

  private request(r: Running, request: HostRequest): void {
    r.port.postMessage(request);
  }

  /**
   * The program's next line within `ms`, or a failure (it exited, or was silent). With
   * `until: 'flushed'`, waits instead for the thread to say a line reached the program,
   * and a line the program writes meanwhile (it owes none) is a failure.
   */
  private reply(ms: number, awaited: string, until: 'line' | 'flushed' = 'line'): string {
    const r = this.running!;
    if (r.exited !== null) this.fail(`${r.exited} before ${awaited}`);
    const deadline = performance.now() + ms;
    for (;;) {
      const seen = Atomics.load(r.posted, 0);
      const event = receiveMessageOnPort(r.port)?.message as ProgramEvent | undefined;
      if (event?.kind === 'flushed') {
        if (until === 'flushed') return '';
        continue;
      }
      if (event?.kind === 'line') {
        if (event.line.trim() === '') continue;
        if (until === 'flushed') this.fail(`sent ${quoted(event.line)} while waiting for ${awaited}`);
        return event.line;
      }
      if (event?.kind === 'exit') {
        r.exited =
          event.signal !== null ? `was stopped by ${event.signal}` : `exited with status ${String(event.status)}`;
        this.fail(`${r.exited} before ${awaited}`);
      }
      if (event?.kind === 'error') this.fail(`could not be started: ${event.message}`);
      if (event) continue;
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(r.posted, 0, seen, left) === 'timed-out')
        this.fail(
          until === 'line'
            ? `sent nothing for ${awaited} within ${seconds(ms)}`
            : `did not take ${awaited} within ${seconds(ms)}`,
        );
    }
  }

  private parse(line: string): { type?: unknown; id?: unknown; action?: unknown } {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.fail(`sent a line that is not JSON: ${quoted(line)}`);
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message))
      this.fail(`sent a line that is not a JSON object: ${quoted(line)}`);
    return message as { type?: unknown; id?: unknown; action?: unknown };
  }

  /** Stops the program and throws its one line. */
  private fail(problem: string): never {
    const r = this.running;
    this.running = null;
    if (r) this.request(r, { kill: true });
    throw new ProgramFailure(`seat ${this.seat + 1} (${this.label}) ${problem}`);
  }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
