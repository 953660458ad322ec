/**
 * Lines typed at the terminal (or piped in), one at a time. The input ends with end of
 * input (Ctrl-D, a closed pipe) or with `interrupt()` (Ctrl-C); either way every waiting
 * and later question gets null, and `interrupted` tells the two apart.
 */
import { createInterface, type Interface } from 'node:readline';

export class LineReader {
  private readonly rl: Interface;
  private readonly queued: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private closed = false;
  /** True once `interrupt()` ended the input. */
  interrupted = false;

  constructor(
    input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {
    this.rl = createInterface({ input, terminal: false });
    this.rl.on('line', (line) => {
      const next = this.waiting.shift();
      if (next) next(line);
      else this.queued.push(line);
    });
    this.rl.on('close', () => this.end());
  }

  /** Whether the input has ended (end of input or an interrupt). */
  get ended(): boolean {
    return this.closed;
  }

  /** Print the prompt and wait for the next line; null once the input has ended. */
  ask(prompt: string): Promise<string | null> {
    if (this.interrupted) return Promise.resolve(null);
    this.output.write(prompt);
    const line = this.queued.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Ctrl-C: end the input now, lines typed ahead included. */
  interrupt(): void {
    this.interrupted = true;
    this.queued.length = 0;
    this.end();
  }

  close(): void {
    this.rl.close();
  }

  private end(): void {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w(null);
  }
}
