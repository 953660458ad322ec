/**
 * `bottle-imp play` driven through its standard input, as a person would: the test reads
 * what the command prints, answers each prompt from the hand it shows (the playable cards
 * are marked with *), makes some deliberate mistakes, and checks the saved record.
 * Runs the compiled CLI (npm test builds it first).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseRecord, replayRecord } from '../../src/record/index.js';

const CLI = join(import.meta.dirname, '../../dist/cli/main.js');

interface Session {
  readonly output: string;
  readonly code: number | null;
}

/**
 * Runs `play` with the given flags; `answer` gets the text printed since the last answer
 * and returns the next line to type, or null to close the input.
 */
function drive(args: string[], answer: (printed: string, all: string) => string | null): Promise<Session> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'play', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let all = '';
    let since = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      all += d;
    });
    child.stdout.on('data', (d: string) => {
      all += d;
      since += d;
      // A prompt is a line that ends in ": " with nothing after it yet.
      if (!/: $/.test(since)) return;
      const line = answer(since, all);
      since = '';
      if (line === null) child.stdin.end();
      else child.stdin.write(line + '\n');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ output: all, code }));
  });
}

/** The cards shown in the last "Your hand:" line, and which are marked playable. */
function handIn(text: string): { cards: string[]; playable: string[] } {
  const lines = text.split('\n').filter((l) => l.startsWith('Your hand:'));
  const tokens = [...lines[lines.length - 1].matchAll(/(\d+(?:\.5)?)[rbg](\*?)/g)];
  return { cards: tokens.map((t) => t[1]), playable: tokens.filter((t) => t[2] === '*').map((t) => t[1]) };
}

describe('bottle-imp play', () => {
  test('a whole 3-player round against bots: mistakes are explained, the record is saved and replays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bottle-imp-play-'));
    const file = join(dir, 'game.json');
    let passIndex = 0;
    let mistakes = 0;
    let notHeld = '';
    const { output, code } = await drive(['--players', '3', '--rounds', '1', '--seed', '7', '--level', 'easy', '--record', file], (printed, all) => {
      if (printed.includes('Card to pass')) {
        // First a card we do not hold, then the first, second, third card of the hand.
        if (passIndex === 0 && mistakes === 0) {
          mistakes++;
          notHeld = String([...Array(37).keys()].map((k) => k + 1).find((r) => r !== 19 && !handIn(all).cards.includes(String(r))));
          return notHeld;
        }
        return handIn(all).cards[passIndex++];
      }
      const { cards, playable } = handIn(all);
      const unplayable = cards.find((c) => !playable.includes(c));
      if (unplayable !== undefined && mistakes < 3 && printed.includes('Your hand:')) {
        mistakes++;
        return unplayable;
      }
      return playable[0];
    });
    expect(code).toBe(0);
    expect(output).toContain(`You do not hold ${notHeld} in your hand.`);
    expect(output).toMatch(/You must follow (red|blue|green): .* Try again\./);
    expect(output).toContain('Round 1 is over.');
    expect(output).toMatch(/Game over\./);
    expect(output).toContain(`The game record is saved in ${file}.`);
    const record = parseRecord(readFileSync(file, 'utf8'));
    expect(record.ok).toBe(true);
    if (!record.ok) return;
    expect(record.value.players).toEqual(['You', 'Bot 1 (easy)', 'Bot 2 (easy)']);
    const report = replayRecord(record.value);
    expect(report.ok && report.value.finished).toBe(true);
  });

  test('input that ends early saves the game so far and exits with status 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bottle-imp-play-'));
    const file = join(dir, 'partial.json');
    const { output, code } = await drive(['--players', '4', '--seat', '2', '--levels', 'easy,medium,easy', '--rounds', '1', '--seed', '3', '--record', file], () => null);
    expect(code).toBe(1);
    expect(output).toContain('the input ended before the game did');
    const record = parseRecord(readFileSync(file, 'utf8'));
    expect(record.ok && record.value.players[2]).toBe('You');
  });

  test('bad flags: one line, exit status 1', async () => {
    const { output, code } = await drive(['--players', '4', '--level', 'grandmaster'], () => null);
    expect(code).toBe(1);
    expect(output.trim()).toBe('bottle-imp: play: unknown level "grandmaster" (easy, medium, hard, expert)');
  });
});
