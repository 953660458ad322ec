// @vitest-environment jsdom
/**
 * The account screens in jsdom: routes, the profile's pages of finished games, and a
 * refusal shown in the player's language. The server is a scripted `fetch` here (the
 * real one is in test/e2e/accounts.test.ts); each reply is what docs/protocol.md says.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/web/i18n.js';
import { hrefOf, parseRoute } from '../../src/web/router.js';
import { Profile } from '../../src/web/screens/Profile.js';
import { SignIn } from '../../src/web/screens/SignIn.js';
import { renderApp } from './helpers.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A server that answers each path with its JSON (status 200), and records what was asked. */
function serve(answer: (path: string, init?: RequestInit) => { status?: number; body: unknown }) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${path}`);
    const { status = 200, body } = answer(path, init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

/** A game of ann_42's history as GET /api/players/:username/games gives it; bea deleted her account. */
const game = (n: number) => ({
  id: `G${n}`,
  names: ['Ann', '', 'Cy', 'Hard bot'],
  bots: [null, null, null, 'hard'],
  botAccounts: [false, false, false, false],
  startedAt: 1_796_036_000_000,
  finishedAt: 1_796_036_421_826,
  usernames: ['ann_42', null, 'cy_7', null],
  scores: [12, -3, 12, 5],
  places: [1, 4, 1, 3],
  seat: 0,
  place: 1,
  links: { record: `/api/games/G${n}/record`, analysis: `/api/games/G${n}/analysis` },
});

describe('account routes', () => {
  it('#/account and #/players/NAME have routes of their own', () => {
    expect(parseRoute('#/account')).toEqual({ screen: 'account' });
    expect(parseRoute('#/players/ann_42')).toEqual({ screen: 'player', username: 'ann_42' });
    expect(parseRoute('#/players')).toEqual({ screen: 'home' });
    expect(parseRoute('#/replay/G1/coach')).toEqual({ screen: 'replay', gameId: 'G1', coach: true });
    expect(hrefOf({ screen: 'replay', gameId: 'G1', coach: true })).toBe('#/replay/G1/coach');
    expect(hrefOf({ screen: 'player', username: 'a b' })).toBe('#/players/a%20b');
  });
});

describe('the profile', () => {
  it('shows the player and pages through the finished games, twenty at a time', async () => {
    const asked = serve((path) => {
      if (path === '/api/players/ann_42')
        return { body: { username: 'ann_42', createdAt: 1_796_036_421_826, games: 25, ratings: {} } };
      const before = new URL(path, 'http://x').searchParams.get('before');
      const ids =
        before === null
          ? [25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6]
          : [5, 4, 3, 2, 1];
      return { body: { games: ids.map(game), next: before === null ? 'G6' : null } };
    });
    renderApp(<Profile username="ann_42" />);
    expect((await screen.findByTestId('profile-name')).textContent).toBe('ann_42');
    expect(screen.getByTestId('profile-games').textContent).toBe('25 games');
    await waitFor(() => expect(screen.getAllByTestId(/^history-G\d+$/)).toHaveLength(20));
    const entry = within(screen.getByTestId('history-G25'));
    expect(entry.getByText('Place 1 of 4')).toBeTruthy();
    // Everyone's total; a deleted account in the player's words; other accounts link to their profiles.
    expect(entry.getAllByTestId(/^history-seat-/).map((s) => s.textContent)).toEqual([
      'Ann 12 points',
      'Deleted player -3 points',
      'Cy 12 points',
      'Bot 4 (hard) 5 points',
    ]);
    expect(entry.getByText('Cy').getAttribute('href')).toBe('#/players/cy_7');
    expect(entry.getByText('Ann').tagName).not.toBe('A');
    // Each game opens in the replay viewer, played on by itself or with the coach's analysis.
    expect(entry.getByTestId('history-watch').getAttribute('href')).toBe('#/replay/G25/play');
    expect(entry.getByTestId('history-coach').getAttribute('href')).toBe('#/replay/G25/coach');

    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(screen.getAllByTestId(/^history-G\d+$/)).toHaveLength(25));
    expect(screen.queryByTestId('history-more')).toBeNull();
    expect(asked).toContain('GET /api/players/ann_42/games?before=G6');
  });

  it('names a deleted player in the reader’s language', async () => {
    serve((path) =>
      path === '/api/players/ann_42'
        ? { body: { username: 'ann_42', createdAt: 1_796_036_421_826, games: 1, ratings: {} } }
        : { body: { games: [game(1)], next: null } },
    );
    renderApp(<Profile username="ann_42" />, { language: 'de' });
    expect((await screen.findByTestId('history-seat-1')).textContent).toBe('Gelöschter Spieler -3 Punkte');
  });

  it('marks a bot account with a badge, on its profile and in every history that lists it', async () => {
    const played = {
      ...game(1),
      names: ['RandomBot', 'Ann', 'Cy', 'Hard bot'],
      usernames: ['RandomBot', 'ann_42', 'cy_7', null],
    };
    serve((path) =>
      path === '/api/players/RandomBot'
        ? { body: { username: 'RandomBot', botAccount: true, createdAt: 1_796_036_421_826, games: 1, ratings: {} } }
        : { body: { games: [{ ...played, botAccounts: [true, false, false, false] }], next: null } },
    );
    renderApp(<Profile username="RandomBot" />);
    expect((await screen.findByTestId('profile')).querySelector('h1')?.textContent).toBe('RandomBot bot account');
    expect((await screen.findAllByTestId(/^history-seat-/)).map((s) => s.textContent)).toEqual([
      'RandomBot bot account 12 points',
      'Ann -3 points',
      'Cy 12 points',
      'Bot 4 (hard) 5 points',
    ]);
    // A person's profile has none.
    cleanup();
    serve((path) =>
      path === '/api/players/ann_42'
        ? { body: { username: 'ann_42', createdAt: 1_796_036_421_826, games: 0, ratings: {} } }
        : { body: { games: [], next: null } },
    );
    renderApp(<Profile username="ann_42" />, { language: 'de' });
    expect((await screen.findByTestId('profile')).querySelector('h1')?.textContent).toBe('ann_42');
    expect(screen.queryByTestId('bot-account-badge')).toBeNull();
  });

  it('says so when there is no such player', async () => {
    serve(() => ({ status: 404, body: { error: { code: 'ERR_NO_PLAYER', message: 'no' } } }));
    renderApp(<Profile username="nobody" />);
    expect((await screen.findByTestId('profile-error')).textContent).toBe(i18n.t('errors.ERR_NO_PLAYER'));
  });
});

describe('signing in', () => {
  it("shows a refusal in the player's language, by its code", async () => {
    serve(() => ({ status: 409, body: { error: { code: 'ERR_USERNAME_TAKEN', message: 'That username is taken.' } } }));
    renderApp(<SignIn />, { language: 'de' });
    fireEvent.click(screen.getByTestId('account-switch'));
    fireEvent.change(screen.getByTestId('account-username'), { target: { value: 'ann_42' } });
    fireEvent.change(screen.getByTestId('account-password'), { target: { value: 'violet-otter-marmalade' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    expect((await screen.findByTestId('account-error')).textContent).toBe('Dieser Benutzername ist vergeben.');
  });

  it('asks for the name before making an account with a passkey, without asking the server', () => {
    const asked = serve(() => ({ body: {} }));
    renderApp(<SignIn />);
    fireEvent.click(screen.getByTestId('account-switch'));
    fireEvent.click(screen.getByTestId('passkey-sign-up'));
    expect(screen.getByTestId('account-error').textContent).toBe(i18n.t('errors.ERR_BAD_USERNAME'));
    expect(asked).toEqual([]);
  });
});
