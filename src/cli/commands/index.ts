/** The subcommands of `bottle-imp`, by name. Each lives in its own module. */
import type { Command } from '../io.js';

export const commands: Record<string, Command> = {};
