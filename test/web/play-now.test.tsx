// @vitest-environment jsdom
/**
 * Play now's card on the home screen in jsdom: the choices, rated only when signed in,
 * and "Play now" queueing a ticket (kept for the waiting screen) and opening `#/play-now`,
 * in English and German. The server is a scripted `fetch` here, each reply as
 * docs/protocol.md ("Play now") says; the real one, the waiting screen and the match are in
 * test/e2e/play-now.test.ts.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayNowCard } from '../../src/web/components/PlayNowCard.js';
import { refreshMe } from '../../src/web/net/me.js';
import { heldTicket } from '../../src/web/net/play-now.js';
import { hrefOf, parseRoute } from '../../src/web/router.js';
import { renderApp } from './helpers.js';

beforeEach(() => {
  sessionStorage.clear();
  location.hash = '#/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A server with or without a session, which queues every ticket; records what was sent. */
async function serve(signedIn: boolean) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    const request = `${init?.method ?? 'GET'} ${path}`;
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (request === 'GET /api/me')
      return signedIn
        ? reply(200, { username: 'ann', createdAt: 0, passkeys: 0 })
        : reply(401, { error: { code: 'ERR_SIGNED_OUT', message: 'signed out' } });
    if (request === 'POST /api/play-now') {
      sent.push(JSON.parse(String(init?.body)));
      return reply(202, { ticket: 'T'.repeat(24) });
    }
    throw new Error(`unexpected ${request}`);
  });
  await act(() => refreshMe());
  return sent;
}

describe('Play now on the home screen', () => {
  it('#/play-now is the waiting screen', () => {
    expect(parseRoute('#/play-now')).toEqual({ screen: 'play-now' });
    expect(hrefOf({ screen: 'play-now' })).toBe('#/play-now');
  });

  it('lets a guest queue an unrated game under its name, and opens the waiting screen', async () => {
    const sent = await serve(false);
    renderApp(<PlayNowCard online />, { prefs: { name: 'Ann' } });
    const rated = screen.getByTestId('play-now-rated') as HTMLInputElement;
    expect(rated.disabled).toBe(true);
    expect(screen.getByTestId('play-now-card').textContent).toContain('Sign in to play rated games.');
    fireEvent.change(screen.getByTestId('play-now-players'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('play-now-length'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('play-now'));
    await waitFor(() => expect(location.hash).toBe('#/play-now'));
    expect(sent).toEqual([{ players: 3, rated: false, rounds: 1, name: 'Ann' }]);
    expect(heldTicket()).toBe('T'.repeat(24));
  });

  it('lets a signed-in player queue a rated game of the standard length', async () => {
    const sent = await serve(true);
    renderApp(<PlayNowCard online />, { prefs: { name: 'Ann' } });
    const rated = screen.getByTestId('play-now-rated') as HTMLInputElement;
    await waitFor(() => expect(rated.disabled).toBe(false));
    fireEvent.click(rated);
    const length = screen.getByTestId('play-now-length') as HTMLSelectElement;
    expect(length.selectedOptions[0].textContent).toBe('8 rounds');
    fireEvent.click(screen.getByTestId('play-now'));
    await waitFor(() => expect(location.hash).toBe('#/play-now'));
    expect(sent).toEqual([{ players: 4, rated: true, rounds: 8 }]);
  });

  it('speaks German', async () => {
    await serve(false);
    renderApp(<PlayNowCard online />, { language: 'de' });
    const card = screen.getByTestId('play-now-card');
    expect(card.querySelector('h2')?.textContent).toBe('Jetzt spielen');
    expect(card.textContent).toContain('Melde dich an, um gewertete Spiele zu spielen.');
    expect((screen.getByTestId('play-now-length') as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      '8 Runden',
    );
  });
});
