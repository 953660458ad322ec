/** Progress of a long run on standard error: a bar redrawn in place on a terminal, else a line now and then. */
export class ProgressBar {
  private readonly started = Date.now();
  private lastDraw = 0;

  constructor(
    private readonly total: number,
    private readonly unit: string,
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {}

  /** `detail` follows the counts (a strength test's standing, say). */
  update(done: number, detail = ''): void {
    const now = Date.now();
    if (done < this.total && now - this.lastDraw < 200) return;
    this.lastDraw = now;
    const width = 30;
    const filled = Math.round((width * done) / this.total);
    const elapsed = (now - this.started) / 1000;
    const eta = done > 0 ? (elapsed * (this.total - done)) / done : Number.NaN;
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total} ${this.unit}  ${formatSeconds(elapsed)} elapsed, ETA ${Number.isFinite(eta) ? formatSeconds(eta) : '?'}${detail}`;
    this.out.write(`\r${line}\x1b[K`);
  }

  finish(): void {
    this.out.write('\r\x1b[K');
  }
}

export function formatSeconds(s: number): string {
  const whole = Math.round(s);
  const m = Math.floor(whole / 60);
  return m > 0 ? `${m}m${String(whole % 60).padStart(2, '0')}s` : `${whole}s`;
}

/**
 * Progress for a standard error that is not a terminal (a pipe, `| tee`, a log file): one
 * line every `everyMs` and one at the end, with the rate and the time left, so a long
 * run is never silent.
 */
export class ProgressLines {
  private readonly started = Date.now();
  private lastLine = Date.now();

  constructor(
    private readonly total: number,
    private readonly unit: string,
    private readonly prefix: string,
    private readonly everyMs = 10_000,
    private readonly out: NodeJS.WritableStream = process.stderr,
  ) {}

  /** `detail` follows the counts (a strength test's standing, say). */
  update(done: number, detail = ''): void {
    const now = Date.now();
    if (done < this.total && now - this.lastLine < this.everyMs) return;
    this.lastLine = now;
    const elapsed = (now - this.started) / 1000;
    const rate = elapsed > 0 ? done / elapsed : 0;
    const eta = rate > 0 ? formatSeconds((this.total - done) / rate) : '?';
    this.out.write(
      `${this.prefix}${done}/${this.total} ${this.unit}, ${rate.toFixed(2)} ${this.unit}/s, ${formatSeconds(elapsed)} elapsed, ETA ${eta}${detail}\n`,
    );
  }
}
