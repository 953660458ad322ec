/** Lines typed at the terminal (or piped in), one at a time, with an end-of-input signal. */
import { createInterface, type Interface } from 'node:readline';

export class LineReader {
  private readonly rl: Interface;
  private readonly queued: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private closed = false;

  constructor(input: NodeJS.ReadableStream = process.stdin) {
    this.rl = createInterface({ input, terminal: false });
    this.rl.on('line', (line) => {
      const next = this.waiting.shift();
      if (next) next(line);
      else this.queued.push(line);
    });
    this.rl.on('close', () => {
      this.closed = true;
      for (const w of this.waiting.splice(0)) w(null);
    });
  }

  /** Print the prompt and wait for the next line; null once the input has ended. */
  ask(prompt: string): Promise<string | null> {
    process.stdout.write(prompt);
    const line = this.queued.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  close(): void {
    this.rl.close();
  }
}
