// @vitest-environment jsdom
/**
 * The daily deal's screens in jsdom: the home screen's card (today, its entries, playing
 * it, the results once played) and a day's results. The server is a scripted `fetch`
 * here, each reply as docs/protocol.md ("The daily deal") says; the real one is in
 * test/e2e/daily.test.ts.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordOf } from '../../src/record/index.js';
import { DailyCard } from '../../src/web/components/DailyCard.js';
import { gameAt } from '../../src/web/game/replay.js';
import { i18n } from '../../src/web/i18n.js';
import { loadSession } from '../../src/web/net/session.js';
import { hrefOf, parseRoute } from '../../src/web/router.js';
import { DailyResults } from '../../src/web/screens/DailyResults.js';
import { Replay } from '../../src/web/screens/Replay.js';
import { NAMES, newGame, passAll, playWhile, renderApp } from './helpers.js';

beforeEach(() => {
  localStorage.clear();
  location.hash = '#/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = { status?: number; body: unknown };
const refusal = (status: number, code: string): Answer => ({ status, body: { error: { code, message: code } } });

/** A server that answers each request ("METHOD path") with its JSON, and records what was asked and sent. */
function serve(answer: (request: string) => Answer) {
  const asked: string[] = [];
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    const request = `${init?.method ?? 'GET'} ${path}`;
    asked.push(request);
    if (init?.body) sent.push(JSON.parse(String(init.body)));
    const { status = 200, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { asked, sent };
}

const TODAY = { date: '2026-12-06', players: 4, hands: 3, entries: 1234 };

describe('the daily deal routes', () => {
  it('#/daily/DATE is a day’s results', () => {
    expect(parseRoute('#/daily/2026-12-06')).toEqual({ screen: 'daily', date: '2026-12-06' });
    expect(hrefOf({ screen: 'daily', date: '2026-12-06' })).toBe('#/daily/2026-12-06');
    expect(parseRoute('#/daily')).toEqual({ screen: 'home' });
  });

  it('#/replay/ID/…/daily/DATE is a daily game’s replay with the field’s choices', () => {
    const route = { screen: 'replay', gameId: 'G1', autoplay: true, daily: '2026-12-05' } as const;
    expect(hrefOf(route)).toBe('#/replay/G1/play/daily/2026-12-05');
    expect(parseRoute('#/replay/G1/play/daily/2026-12-05')).toEqual(route);
    expect(parseRoute('#/replay/G1/daily/2026-12-05')).toEqual({ screen: 'replay', gameId: 'G1', daily: '2026-12-05' });
  });
});

describe('the home screen’s daily card', () => {
  it('shows today and its entries, and playing opens the attempt’s table with its seat kept', async () => {
    const { asked, sent } = serve((request) => {
      if (request === 'GET /api/daily') return { body: TODAY };
      if (request.startsWith('GET /api/daily/2026-12-06/results')) return refusal(403, 'ERR_NOT_FINISHED');
      if (request === 'POST /api/daily/start')
        return { body: { date: '2026-12-06', code: 'DAYCODE1', seat: 0, token: 'tok' } };
      throw new Error(`unexpected ${request}`);
    });
    renderApp(<DailyCard online />, { prefs: { name: 'Ann' } });
    expect((await screen.findByTestId('daily-entries')).textContent).toBe('1,234 entries');
    expect(screen.getByTestId('daily-card').textContent).toContain('December 6, 2026');
    const play = screen.getByTestId('daily-play') as HTMLButtonElement;
    await waitFor(() => expect(play.disabled).toBe(false));
    fireEvent.click(play);
    await waitFor(() => expect(location.hash).toBe('#/t/DAYCODE1'));
    expect(sent).toEqual([{ name: 'Ann' }]);
    expect(loadSession('DAYCODE1')).toEqual({ seat: 0, token: 'tok' });
    expect(asked).toContain('GET /api/daily/2026-12-06/results?limit=1');
  });

  it('offers the results once today’s deal is played', async () => {
    serve((request) => {
      if (request === 'GET /api/daily') return { body: TODAY };
      if (request.startsWith('GET /api/daily/2026-12-06/results')) return refusal(403, 'ERR_NOT_FINISHED');
      return refusal(409, 'ERR_ALREADY_PLAYED');
    });
    renderApp(<DailyCard online />);
    const play = (await screen.findByTestId('daily-play')) as HTMLButtonElement;
    await waitFor(() => expect(play.disabled).toBe(false));
    fireEvent.click(play);
    const results = await screen.findByTestId('daily-results');
    expect(results.getAttribute('href')).toBe('#/daily/2026-12-06');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the results at once when the server lets this player read them, in German', async () => {
    serve((request) => {
      if (request === 'GET /api/daily') return { body: TODAY };
      return { body: { date: '2026-12-06', entries: 1234, players: [], guests: [], deals: null } };
    });
    renderApp(<DailyCard online />, { language: 'de' });
    expect((await screen.findByTestId('daily-results')).textContent).toBe('Ergebnisse ansehen');
    expect(screen.getByTestId('daily-entries').textContent).toBe('1.234 Teilnahmen');
    expect(screen.getByTestId('daily-card').textContent).toContain('6. Dezember 2026');
  });
});

describe('a day’s results', () => {
  const entry = (rank: number, name: string, score: number, gameId: string) => ({ rank, name, score, gameId });

  it('ranks players and guests apart, marks this browser’s own entry and opens each game’s replay', async () => {
    localStorage.setItem('bottle-imp:daily:2026-12-05', 'DAYCODE1');
    serve((request) => {
      if (request === 'GET /api/me') return refusal(401, 'ERR_NOT_SIGNED_IN');
      if (request === 'GET /api/tables/DAYCODE1/games')
        return { body: { games: [{ id: 'G2', names: [], bots: [], startedAt: 1, finishedAt: 2 }] } };
      if (request === 'GET /api/daily/2026-12-05/results')
        return {
          body: {
            date: '2026-12-05',
            entries: 3,
            players: [entry(1, 'ann_42', 31, 'G1'), entry(2, 'bob', -4, 'G3')],
            guests: [entry(1, 'Ann', 12, 'G2')],
            deals: null,
          },
        };
      throw new Error(`unexpected ${request}`);
    });
    renderApp(<DailyResults date="2026-12-05" />);
    expect((await screen.findByTestId('daily-count')).textContent).toBe('3 entries');
    const first = await screen.findByTestId('daily-G1');
    expect([...first.children].map((c) => c.textContent)).toEqual(['1', 'ann_42', '31']);
    expect(screen.getByTestId('daily-G3').lastElementChild?.textContent).toBe('-4');
    expect(first.querySelector('a')?.getAttribute('href')).toBe('#/replay/G1/play/daily/2026-12-05');
    await waitFor(() => expect(screen.getByTestId('daily-G2').className).toBe('own'));
    expect(screen.getByTestId('daily-G2').textContent).toContain('(you)');
    expect(screen.getByTestId('daily-G1').className).toBe('');
    expect(screen.getByTestId('daily-guests').textContent).toContain('Guests (unverified)');
  });

  it('shows the player’s standing, their game with the coach, the best game and the field’s choices, in German', async () => {
    const pass = { left: 3, right: 17, devil: [25] };
    serve((request) => {
      if (request === 'GET /api/me') return refusal(401, 'ERR_NOT_SIGNED_IN');
      if (request === 'GET /api/daily/2026-12-05/results')
        return {
          body: {
            date: '2026-12-05',
            entries: 3,
            players: [entry(1, 'ann_42', 31, 'G1')],
            guests: [entry(1, 'Ann', 12, 'G2'), entry(2, 'Bo', 5, 'G4')],
            mine: { rank: 1, of: 2, percentile: 100, score: 12, gameId: 'G2', guest: true },
            deals: null,
          },
        };
      if (request === 'GET /api/daily/2026-12-05/choices')
        return {
          body: {
            date: '2026-12-05',
            gameId: 'G2',
            decisions: [
              { hand: 0, decision: 0, chosen: pass, field: 2, choices: [{ action: pass, players: 2, score: 8.5 }] },
              {
                hand: 0,
                decision: 1,
                chosen: 9,
                field: 2,
                choices: [
                  { action: 14, players: 1, score: 5 },
                  { action: 9, players: 1, score: 12 },
                ],
              },
              { hand: 1, decision: 0, chosen: pass, field: 1, choices: [{ action: pass, players: 1, score: 12 }] },
            ],
          },
        };
      throw new Error(`unexpected ${request}`);
    });
    renderApp(<DailyResults date="2026-12-05" />, { language: 'de' });
    expect((await screen.findByTestId('daily-standing')).textContent).toBe('Dein Ergebnis: Platz 1 von 2');
    expect(screen.getByTestId('daily-percentile').textContent).toMatch(/^Perzentil 100: /);
    expect(screen.getByTestId('daily-coach').getAttribute('href')).toBe('#/replay/G2/coach/daily/2026-12-05');
    expect(screen.getByTestId('daily-best').getAttribute('href')).toBe('#/replay/G1/play/daily/2026-12-05');
    expect(screen.getByTestId('daily-G2').className).toBe('own');
    const first = await screen.findByTestId('daily-hand-0');
    expect(first.hasAttribute('open')).toBe(true);
    expect(screen.getByTestId('daily-hand-1').hasAttribute('open')).toBe(false);
    const trick = screen.getByRole('table', { name: 'Stich 1' });
    expect([...trick.querySelectorAll('tbody tr')].map((r) => [r.className, r.textContent])).toEqual([
      ['', '1415,0'],
      ['own', '9 (du)112,0'],
    ]);
    expect(screen.getAllByRole('table', { name: 'Deine Abgabe' })).toHaveLength(2);
    expect(first.textContent).toContain('3 nach links, 17 nach rechts, 25 zum Teufel');
  });

  it('says in words that today’s results open once the player has finished', async () => {
    serve((request) =>
      request === 'GET /api/me' ? refusal(401, 'ERR_NOT_SIGNED_IN') : refusal(403, 'ERR_NOT_FINISHED'),
    );
    renderApp(<DailyResults date="2026-12-06" />);
    expect((await screen.findByTestId('daily-error')).textContent).toBe(i18n.t('daily.notFinished'));
  });
});

describe('a daily game’s replay', () => {
  // A round of a daily deal as the server keeps it: seat 1 and three bots, each its lowest legal card.
  const game = newGame({ players: 4, rounds: 1 }, 5);
  passAll(game);
  playWhile(game, () => true);
  const record = recordOf(game, NAMES.slice(0, 4));
  const round = record.rounds[0];
  const plays = round.plays ?? [];
  // Seat 1's first card: the first play at which it is to act.
  const first = plays.findIndex((_, k) => gameAt(record, { round: 0, plays: k }).toAct()[0] === 0);
  const pass = round.passes![0];
  const choices = {
    date: '2026-12-05',
    gameId: 'G2',
    decisions: [
      { hand: 0, decision: 0, chosen: pass, field: 3, choices: [{ action: pass, players: 3, score: 4.33 }] },
      {
        hand: 0,
        decision: 1,
        chosen: plays[first],
        field: 3,
        choices: [
          { action: 30, players: 2, score: -1.5 },
          { action: plays[first], players: 1, score: 7 },
        ],
      },
    ],
  };
  const gameReply = {
    id: 'G2',
    names: NAMES.slice(0, 4),
    bots: [null, 'expert', 'expert', 'expert'],
    botAccounts: [false, false, false, false],
    startedAt: 1,
    finishedAt: 2,
  };

  function serveGame(choicesAnswer: Answer) {
    return serve((request) => {
      if (request === 'GET /api/games/G2/record') return { body: record };
      if (request === 'GET /api/games/G2') return { body: gameReply };
      if (request === 'GET /api/games/G2/analysis') return { body: { status: 'none' } };
      if (request === 'GET /api/daily/2026-12-05/choices?game=G2') return choicesAnswer;
      throw new Error(`unexpected ${request}`);
    });
  }

  it('shows at each of seat 1’s decisions what the field chose there, this game’s choice marked', async () => {
    const { asked } = serveGame({ body: choices });
    renderApp(<Replay gameId="G2" daily="2026-12-05" />);
    // As dealt: the pass.
    const passed = await screen.findByRole('table', { name: 'Round 1 · Pass' });
    expect([...passed.querySelectorAll('tbody tr')].map((r) => [r.className, r.textContent])).toEqual([
      ['own', '1 left, 2 right, 8 to the devil (this game)34.3'],
    ]);
    // Before seat 1 first plays, the panel keeps its place and says where the choices appear.
    for (let k = 0; k < first; k++) {
      fireEvent.click(screen.getByTestId('replay-next'));
      expect(screen.getByTestId('replay-field').textContent).toBe(i18n.t('daily.choicesAt'));
    }
    fireEvent.click(screen.getByTestId('replay-next'));
    const trick = screen.getByRole('table', { name: 'Round 1 · Trick 1' });
    expect([...trick.querySelectorAll('tbody tr')].map((r) => [r.className, r.textContent])).toEqual([
      ['', '302-1.5'],
      ['own', `${plays[first]} (this game)17.0`],
    ]);
    expect(asked).toContain('GET /api/daily/2026-12-05/choices?game=G2');
  });

  it('shows no choices while the day’s results are shut to the viewer', async () => {
    const { asked } = serveGame(refusal(403, 'ERR_NOT_FINISHED'));
    renderApp(<Replay gameId="G2" daily="2026-12-05" />);
    await screen.findByTestId('replay-where');
    await waitFor(() => expect(asked).toContain('GET /api/daily/2026-12-05/choices?game=G2'));
    expect(screen.queryByTestId('replay-field')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
