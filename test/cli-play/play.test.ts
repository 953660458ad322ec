/**
 * `bottle-imp play` driven through its standard input, as a person would: the test reads
 * what the command prints, answers each prompt from the hand it shows (the playable cards
 * are marked with *), makes some deliberate mistakes, and checks the saved record.
 * Runs the compiled CLI (npm test builds it first).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
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
function drive(
  args: string[],
  answer: (printed: string, all: string) => string | null,
  signal?: (all: string) => boolean,
): Promise<Session> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'play', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let signalled = false;
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
      if (signal && !signalled && signal(all)) {
        // What a terminal does on Ctrl-C: SIGINT to the process.
        signalled = true;
        child.kill('SIGINT');
        return;
      }
      const line = answer(since, all);
      since = '';
      if (line === null) child.stdin.end();
      else child.stdin.write(line + '\n');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ output: all, code }));
  });
}

/** The cards of the last table shown (hand, or 2 players' hidden hand and face-up row), and which are marked playable. */
function handIn(text: string): { cards: string[]; playable: string[]; hidden: string[] } {
  const table = text.slice(text.lastIndexOf('— Round'));
  const lines = table.split('\n').filter((l) => /^Your (hand|hidden hand|face-up row):/.test(l));
  const tokens = lines.flatMap((l) => [...l.matchAll(/(\d+(?:\.5)?)[rbg](\*?)/g)]);
  const hidden = lines
    .filter((l) => !l.startsWith('Your face-up row'))
    .flatMap((l) => [...l.matchAll(/(\d+(?:\.5)?)[rbg]/g)].map((t) => t[1]));
  return { cards: tokens.map((t) => t[1]), playable: tokens.filter((t) => t[2] === '*').map((t) => t[1]), hidden };
}

describe('bottle-imp play', () => {
  test('a whole 3-player round against bots: mistakes are explained, the record is saved and replays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bottle-imp-play-'));
    const file = join(dir, 'game.json');
    let passIndex = 0;
    let mistakes = 0;
    let notHeld = '';
    const { output, code } = await drive(
      ['--players', '3', '--rounds', '1', '--seed', '7', '--level', 'easy', '--record', file],
      (printed, all) => {
        if (printed.includes('Card to pass')) {
          // First a card we do not hold, then the first, second, third card of the hand.
          if (passIndex === 0 && mistakes === 0) {
            mistakes++;
            notHeld = String(
              [...Array(37).keys()].map((k) => k + 1).find((r) => r !== 19 && !handIn(all).cards.includes(String(r))),
            );
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
      },
    );
    expect(code).toBe(0);
    expect(output).toContain(`You do not hold ${notHeld} in your hand.`);
    expect(output).toMatch(/You must follow (red|blue|green): .* Try again\./);
    expect(output).toContain('Round 1 is over.');
    expect(output).toMatch(/Game over\./);
    expect(output).toContain(`The game record is saved in ${file}.`);
    const record = parseRecord(readFileSync(file, 'utf8'));
    expect(record.ok).toBe(true);
    if (!record.ok) return;
    expect(record.value.players).toEqual(['You', 'Bot 2 (easy)', 'Bot 3 (easy)']);
    const report = replayRecord(record.value);
    expect(report.ok && report.value.finished).toBe(true);
  });

  test('input that ends early saves the game so far and exits with status 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bottle-imp-play-'));
    const file = join(dir, 'partial.json');
    const { output, code } = await drive(
      [
        '--players',
        '4',
        '--seat',
        '2',
        '--levels',
        'easy,medium,easy',
        '--rounds',
        '1',
        '--seed',
        '3',
        '--record',
        file,
      ],
      () => null,
    );
    expect(code).toBe(1);
    expect(output).toContain('the input ended before the game did');
    const record = parseRecord(readFileSync(file, 'utf8'));
    expect(record.ok && record.value.players[1]).toBe('You');
  });

  test('a saved game goes on with --resume: same seat, bots and cards, to the end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bottle-imp-play-'));
    const file = join(dir, 'bottle-imp-3.json');
    const flags = ['--players', '4', '--seat', '2', '--levels', 'easy,medium,easy', '--rounds', '2', '--seed', '3'];
    let passed = 0;
    let played = 0;
    const first = await drive([...flags, '--record', file], (printed, all) => {
      if (printed.includes('Card to pass')) return handIn(all).cards[passed++];
      return played++ < 3 ? handIn(all).playable[0] : 'quit';
    });
    expect(first.output).toContain(`You quit. The game so far is saved in ${file}.`);
    const before = parseRecord(readFileSync(file, 'utf8'));
    if (!before.ok) throw new Error(before.error);
    expect(before.value.rounds[0].plays?.length).toBeGreaterThanOrEqual(3);

    let pass = 0;
    const second = await drive(['--resume', file], (printed, all) => {
      if (printed.includes('Card to pass')) return handIn(all).cards[pass++ % 3];
      return handIn(all).playable[0];
    });
    expect(second.code).toBe(0);
    expect(second.output).toContain('seed 3. You play seat 2');
    expect(second.output).toMatch(/Game over\./);
    const after = parseRecord(readFileSync(file, 'utf8'));
    if (!after.ok) throw new Error(after.error);
    expect(after.value.players).toEqual(before.value.players);
    // The first round goes on from where it stopped: the cards played before come first.
    expect(after.value.rounds[0].plays?.slice(0, before.value.rounds[0].plays?.length)).toEqual(
      before.value.rounds[0].plays,
    );
    const report = replayRecord(after.value);
    expect(report.ok && report.value.finished).toBe(true);
  });

  test('Ctrl-C saves the game so far, says where and exits with status 130', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bottle-imp-play-')), 'interrupted.json');
    let plays = 0;
    let passed = 0;
    const { output, code } = await drive(
      ['--players', '3', '--rounds', '1', '--seed', '11', '--level', 'easy', '--record', file],
      (printed, all) => {
        if (printed.includes('Card to pass')) return handIn(all).hidden[passed++];
        plays++;
        return handIn(all).playable[0];
      },
      () => plays >= 2,
    );
    expect(code).toBe(130);
    expect(output).toContain(`bottle-imp: play: interrupted; the game so far is saved in ${file}`);
    const record = parseRecord(readFileSync(file, 'utf8'));
    expect(record.ok).toBe(true);
    if (!record.ok) return;
    // Both of our plays are in it.
    expect(record.value.rounds.at(0)?.plays?.length ?? 0).toBeGreaterThanOrEqual(2);
  });

  test('commands at any prompt: help, ?, hand, score, last, an empty line, then quit saves', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bottle-imp-play-')), 'quit.json');
    const script = ['help', '?', '', 'score', 'last', 'hand'];
    let played = 0;
    const { output, code } = await drive(
      ['--players', '4', '--rounds', '1', '--seed', '4', '--level', 'medium', '--record', file],
      (printed, all) => {
        // The whole pass on one line: as many cards as the prompt's slots (2, plus the devil's cards).
        if (printed.includes('Card to pass'))
          return handIn(all)
            .hidden.slice(0, Number(/Pass (\d+) cards/.exec(all.slice(all.lastIndexOf('Pass ')))![1]))
            .join(' ');
        if (played < 5) {
          played++;
          return handIn(all).playable[0];
        }
        return script.shift() ?? 'quit';
      },
    );
    expect(code).toBe(0);
    expect(output.match(/Commands: hand \(show the table again\), score, last/g)).toHaveLength(2);
    expect(output).toContain('The rules in brief');
    expect(output).toMatch(/Your card: Your card: Bottle: price/); // the empty line asked again
    expect(output).toMatch(/Totals: You \d+ · Bot 2 \(medium\) \d+/);
    expect(output).toMatch(/Trick \d+: .*\. (You win|Bot \d \(medium\) wins) it \(\d+ points?\)/);
    expect(output).toContain(`You quit. The game so far is saved in ${file}.`);
    const record = parseRecord(readFileSync(file, 'utf8'));
    expect(record.ok && (record.value.rounds.at(0)?.plays?.length ?? 0)).toBeGreaterThan(0);
  });

  test('a record path that cannot be written is refused before the first deal', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bottle-imp-play-')), 'no-such-folder', 'game.json');
    const { output, code } = await drive(['--players', '3', '--seed', '1', '--record', file], () => 'quit');
    expect(code).toBe(1);
    expect(output).toBe(`bottle-imp: play: cannot write the record to ${file} (ENOENT)\n`);
    expect(existsSync(file)).toBe(false);
  });

  test('2 players: hidden hand and face-up row apart, a face-up card is refused as a pass, cards typed as shown', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bottle-imp-play-')), 'two.json');
    let refused = false;
    let forms = 0;
    const { output, code } = await drive(
      ['--players', '2', '--rounds', '1', '--seed', '21', '--level', 'easy', '--record', file],
      (printed, all) => {
        const table = all.slice(all.lastIndexOf('— Round'));
        if (printed.includes('Card to pass')) {
          if (!refused) {
            refused = true;
            return /Your face-up row: (\d+(?:\.5)?)[rbg]/.exec(table)![1];
          }
          // All four cards on one line, with suit letters in capitals.
          return [.../Your hidden hand: (.*) {3}\(/.exec(table)![1].matchAll(/(\d+(?:\.5)?)([rbg])/g)]
            .slice(0, 4)
            .map((m) => m[1] + m[2].toUpperCase())
            .join(' ');
        }
        const shown = [...table.matchAll(/(\d+(?:\.5)?)([rbg])\*/g)];
        // Alternate the ways of typing a card: rank only, rank and suit letter, upper case.
        const [, rank, suit] = shown[0];
        return [rank, rank + suit, rank + suit.toUpperCase()][forms++ % 3];
      },
    );
    expect(code).toBe(0);
    expect(output).toMatch(/^Your hidden hand: (\d+(\.5)?[rbg] ){11}\d+(\.5)?[rbg] {3}\(/m);
    expect(output).toMatch(/^Your face-up row: (\d+(\.5)?[rbg] ){5}\d+(\.5)?[rbg]$/m);
    expect(output).toMatch(/\d+ is in your face-up row; face-up cards are played, never passed\./);
    expect(output).toMatch(/You pass \d+(\.5)? \((red|blue|green)\) into Bot 2 \(easy\)'s face-up row/);
    expect(output).not.toMatch(/is not a card/);
    expect(output).toContain('Game over.');
  });

  test('typing mistakes are explained in one line each; seats count from 1; grammar fits "You"', async () => {
    const mistakes = ['5x', '5b 5r', 'abc', '19', 'twice'];
    let passed = 0;
    const { output, code } = await drive(
      [
        '--players',
        '3',
        '--seat',
        '3',
        '--rounds',
        '1',
        '--seed',
        '8',
        '--level',
        'easy',
        '--record',
        join(mkdtempSync(join(tmpdir(), 'bottle-imp-play-')), 'g.json'),
      ],
      (printed, all) => {
        if (printed.includes('Card to pass')) {
          const mistake = mistakes.shift();
          if (mistake === 'twice') return `${handIn(all).hidden[0]} ${handIn(all).hidden[0]}`;
          return mistake ?? handIn(all).hidden[passed++];
        }
        return handIn(all).playable[0];
      },
    );
    expect(code).toBe(0);
    expect(output).toContain('"5x" is not a card: type a rank as shown, e.g. 24 or 24g (or help)');
    expect(output).toContain('5b: 5 is red, not blue');
    expect(output).toContain('"abc" is not a card');
    expect(output).toContain('"19" is not a card');
    expect(output).toMatch(/You are already passing \d+(\.5)?\./);
    expect(output).toContain('You play seat 3');
    expect(output).toMatch(/Bot 1 \(easy\)/);
    expect(output).toMatch(/Bot 2 \(easy\)/);
    expect(output).not.toMatch(/Bot 0|You (wins|leads|plays|buys)|\b1 (points|rounds|deals)\b/);
  });

  /** `play` in a real terminal (a pty made by util-linux `script`) 60 columns wide; types quit at the first prompt. */
  function inTerminal(env: Record<string, string>): Promise<string> {
    const file = join(mkdtempSync(join(tmpdir(), 'bottle-imp-play-')), 'tty.json');
    const command = `stty cols 60; exec '${process.execPath}' '${CLI}' play --players 3 --rounds 1 --seed 2 --level easy --record '${file}'`;
    return new Promise((resolve, reject) => {
      const child = spawn('script', ['-qfec', command, '/dev/null'], {
        env: { ...process.env, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let all = '';
      let typed = false;
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => {
        all += d;
        if (!typed && /Card to pass[^\n]*: $/.test(all)) {
          typed = true;
          child.stdin.write('quit\n');
        }
      });
      child.on('error', reject);
      child.on('close', () => resolve(all));
    });
  }

  test.skipIf(!existsSync('/usr/bin/script'))(
    'on a terminal: suits in colour, bots shown thinking, lines wrapped at words; NO_COLOR turns colour off',
    async () => {
      const coloured = await inTerminal({ NO_COLOR: '' });
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape codes begin with ESC
      expect(coloured).toMatch(/\x1b\[3[124]m\d+(\.5)?[rbg]\x1b\[0m/);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape codes begin with ESC
      expect(coloured).toMatch(/Bot \d \(easy\) is thinking…\r\x1b\[K/);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape codes begin with ESC
      const ansi = /\x1b\[[0-9;]*[mK]/g;
      const lines = coloured
        .replace(ansi, '')
        .split(/\r?\n/)
        .flatMap((l) => l.split('\r'));
      expect(lines.filter((l) => l.length > 60)).toEqual([]);
      // The pass's explanation is longer than 60 columns: it is broken at a space and continued indented.
      expect(lines.some((l) => l.startsWith('Pass 3 cards from your hand:'))).toBe(true);
      expect(lines.some((l) => /^ {2}\S/.test(l))).toBe(true);
      expect(coloured).toContain('You quit.');
      const plain = await inTerminal({ NO_COLOR: '1' });
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape codes begin with ESC
      expect(plain).not.toMatch(/\x1b\[3[124]m/);
      expect(plain).toMatch(/Your hand: (\d+(\.5)?[rbg] )+/);
    },
  );

  test('bad flags: one line, exit status 1', async () => {
    const { output, code } = await drive(['--players', '4', '--level', 'grandmaster'], () => null);
    expect(code).toBe(1);
    expect(output.trim()).toBe('bottle-imp: play: unknown level "grandmaster" (easy, medium, hard, expert)');
  });
});
