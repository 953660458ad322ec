/** A one-line progress bar with an ETA, redrawn in place on a terminal's standard error. */
export class ProgressBar {
  private readonly started = Date.now();
  private lastDraw = 0;

  constructor(
    private readonly total: number,
    private readonly unit: string,
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {}

  update(done: number): void {
    const now = Date.now();
    if (done < this.total && now - this.lastDraw < 200) return;
    this.lastDraw = now;
    const width = 30;
    const filled = Math.round((width * done) / this.total);
    const elapsed = (now - this.started) / 1000;
    const eta = done > 0 ? (elapsed * (this.total - done)) / done : Number.NaN;
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total} ${this.unit}  ${formatSeconds(elapsed)} elapsed, ETA ${Number.isFinite(eta) ? formatSeconds(eta) : '?'}`;
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
