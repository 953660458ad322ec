/**
 * The programs of one tournament thread: one running copy per `cmd:` entrant of --seats,
 * started at its first hand and kept for the next ones, so a program pays its start-up
 * once per worker, not once per hand. When the thread ends, the programs' input closes
 * and they exit (docs/bot-protocol.md).
 */
import { ProgramHost } from './program.js';

export interface ProgramSettings {
  readonly botTimeoutMs?: number;
  readonly verbose?: boolean;
}

export class Programs {
  private readonly hosts = new Map<number, ProgramHost>();

  constructor(private readonly settings: ProgramSettings) {}

  /** The program of entrant `index` (its place in --seats), running `command`. */
  of(index: number, command: string): ProgramHost {
    let host = this.hosts.get(index);
    if (!host) {
      host = new ProgramHost(command, { decisionMs: this.settings.botTimeoutMs, verbose: this.settings.verbose });
      this.hosts.set(index, host);
    }
    return host;
  }
}
