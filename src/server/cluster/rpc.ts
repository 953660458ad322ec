/**
 * Requests between nodes over Redis pub/sub: each node listens on a channel of its own,
 * `PREFIX` + `node:` + its id. A request names the asking node, so the answer goes back on
 * that node's channel, and its process (the node's name and a part new at every start:
 * node.ts), so that what it asked for dies with that process. Every request has a clock: no answer in time, or no node listening,
 * is ERR_UNAVAILABLE for the client, never a wait without end. A request is carried out
 * at most once: ioredis sends a command again when its connection dropped before Redis
 * answered, so the same request can arrive twice, and a join served twice would take two seats.
 * Every message is checked before it is believed (payloads.ts): a malformed one is logged
 * and dropped, and a malformed answer refuses the request it names (ERR_INTERNAL).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { check, decode } from '../decode.js';
import { INTERNAL_ERROR, ServerError } from '../errors.js';
import { EnvelopeSchema, type RpcAnswer, RpcAnswerSchema } from './payloads.js';

export class NodeUnavailableError extends ServerError {
  constructor() {
    super('ERR_UNAVAILABLE', 'The server that runs this table did not answer. Try again in a moment.', 503);
  }
}

/** How long a served request's id is remembered: far longer than any request's clock. */
const SERVED_MEMORY_MS = 120_000;

export class Rpc {
  /** The ids of the requests served lately, oldest first, with when each arrived. */
  private readonly served = new Map<string, number>();
  private readonly waiting = new Map<string, { resolve(a: RpcAnswer): void; timer: NodeJS.Timeout }>();
  private readonly channel: string;

  constructor(
    private readonly main: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    private readonly nodeId: string,
    private readonly process: string,
    /** Carries out a request from another node's process. A thrown ServerError becomes a refusal. */
    private readonly serve: (body: unknown, process: string) => Promise<unknown>,
    private readonly log: { error(o: object, msg: string): void },
  ) {
    this.channel = channelOf(prefix, nodeId);
  }

  async start(): Promise<void> {
    this.sub.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    await this.sub.subscribe(this.channel);
  }

  /** Ask `node`; rejects with NodeUnavailableError when nobody listens or no answer comes within `timeoutMs`. */
  async request(node: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const id = randomUUID();
    const answered = new Promise<RpcAnswer>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(unavailable());
      }, timeoutMs);
      this.waiting.set(id, { resolve, timer });
    });
    let listeners: number;
    try {
      listeners = await this.main.publish(
        channelOf(this.prefix, node),
        JSON.stringify({ id, from: this.nodeId, process: this.process, body }),
      );
    } catch {
      listeners = 0;
    }
    if (listeners === 0) this.settle(id, unavailable());
    const answer = await answered;
    if (answer.ok) return answer.value;
    throw answer.code === 'ERR_UNAVAILABLE'
      ? new NodeUnavailableError()
      : new ServerError(answer.code, answer.message, answer.status);
  }

  private receive(text: string): void {
    let envelope: z.output<typeof EnvelopeSchema>;
    try {
      envelope = decode('a message between nodes', EnvelopeSchema, text);
    } catch (e) {
      this.log.error({ err: e }, 'message between nodes refused');
      return;
    }
    if ('re' in envelope) {
      let answer: RpcAnswer;
      try {
        answer = check('an answer from another node', RpcAnswerSchema, envelope.answer);
      } catch (e) {
        // The request it names is refused at once rather than trusted or left to its clock.
        this.log.error({ err: e }, 'message between nodes refused');
        answer = { ok: false, ...INTERNAL_ERROR, status: 500 };
      }
      this.settle(envelope.re, answer);
      return;
    }
    const { id, from } = envelope;
    if (!this.firstArrival(id)) return;
    this.serve(envelope.body, envelope.process).then(
      (value) => this.answer(from, id, { ok: true, value: value ?? null }),
      (e) => {
        if (!(e instanceof ServerError)) this.log.error({ err: e }, 'forwarded request failed');
        const refusal =
          e instanceof ServerError
            ? { code: e.code, message: e.message, status: e.status }
            : { ...INTERNAL_ERROR, status: 500 };
        this.answer(from, id, { ok: false, ...refusal });
      },
    );
  }

  /** Whether request `id` arrives for the first time (a repeat is dropped: the first one answers it). */
  private firstArrival(id: string): boolean {
    const now = Date.now();
    for (const [old, at] of this.served) {
      if (now - at < SERVED_MEMORY_MS) break;
      this.served.delete(old);
    }
    if (this.served.has(id)) return false;
    this.served.set(id, now);
    return true;
  }

  private answer(node: string, re: string, answer: RpcAnswer): void {
    // An answer that cannot be sent is the asker's timeout.
    this.main.publish(channelOf(this.prefix, node), JSON.stringify({ re, answer })).catch(() => undefined);
  }

  private settle(id: string, answer: RpcAnswer): void {
    const w = this.waiting.get(id);
    if (!w) return;
    clearTimeout(w.timer);
    this.waiting.delete(id);
    w.resolve(answer);
  }

  /** Every request still waiting is answered as unavailable (shutdown). */
  stop(): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, unavailable());
  }
}

function channelOf(prefix: string, node: string): string {
  return `${prefix}node:${node}`;
}

function unavailable(): RpcAnswer {
  const e = new NodeUnavailableError();
  return { ok: false, code: e.code, message: e.message, status: e.status };
}
