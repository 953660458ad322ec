// @vitest-environment jsdom
/**
 * Blocking and reporting in the web client (jsdom): a signed-in player's name in the chat
 * opens a menu to block or report that player, a blocked player's messages leave the
 * chat, and the account page lists the blocked players to unblock. The server is a
 * scripted `fetch` here, answering as docs/protocol.md, "Blocks and reports", says.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../src/protocol/messages.js';
import { Chat } from '../../src/web/components/Chat.js';
import { refreshMe } from '../../src/web/net/me.js';
import { BlockedPlayers } from '../../src/web/screens/BlockedPlayers.js';
import { renderApp } from './helpers.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A server signed in as ann_42 that answers every other request with `answer` (204 when it gives nothing). */
function serve(answer: (path: string) => unknown = () => undefined) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${path}${init?.body ? ` ${init.body}` : ''}`);
    const body = path === '/api/me' ? { username: 'ann_42', createdAt: 1_796_036_421_826, passkeys: 0 } : answer(path);
    if (body === undefined) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

const MESSAGES: ChatMessage[] = [
  { seat: 1, name: 'Bob', account: 'bob_7', text: 'you play badly', at: 1 },
  { seat: 1, name: 'Bob', account: 'bob_7', reaction: '😡', at: 2 },
  { seat: 2, name: 'Cyd', text: 'hello', at: 3 },
  { seat: 0, name: 'Ann', account: 'ANN_42', text: 'hi all', at: 4 },
];

const chat = () => renderApp(<Chat messages={MESSAGES} onSend={async () => null} canSend />);

describe('the chat’s player menu', () => {
  it('is offered for other signed-in players only, and blocking hides their messages', async () => {
    const asked = serve();
    await refreshMe();
    chat();
    // Bob is signed in (his messages name his account); Cyd is a guest; Ann is the reader.
    await waitFor(() => expect(screen.getAllByTestId('chat-name')).toHaveLength(2));
    expect(screen.getAllByTestId('chat-name').map((b) => b.textContent)).toEqual(['Bob', 'Bob']);
    fireEvent.click(screen.getAllByTestId('chat-name')[0]);
    expect(screen.getByTestId('player-menu').querySelector('h2')?.textContent).toBe('Options for bob_7');
    fireEvent.click(screen.getByTestId('block-player'));
    await waitFor(() => expect(screen.queryByTestId('player-menu')).toBeNull());
    expect(asked).toContain('PUT /api/me/blocks/bob_7');
    expect(screen.getByTestId('chat').textContent).not.toContain('you play badly');
    expect(screen.queryAllByTestId('chat-name')).toHaveLength(0);
    expect(screen.getByTestId('chat').textContent).toContain('hello');
  });

  it('reports a player with what happened, in the player’s language', async () => {
    const asked = serve();
    await refreshMe();
    renderApp(<Chat messages={MESSAGES} onSend={async () => null} canSend />, { language: 'de' });
    fireEvent.click((await screen.findAllByTestId('chat-name'))[0]);
    expect(screen.getByTestId('player-menu').querySelector('h2')?.textContent).toBe('Optionen für bob_7');
    expect(screen.getByTestId('report-send')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('report-reason'), { target: { value: '  insults every trick ' } });
    fireEvent.click(screen.getByTestId('report-send'));
    expect((await screen.findByTestId('report-sent')).textContent).toBe('Danke. Die Betreiber lesen deine Meldung.');
    expect(asked).toContain('POST /api/players/bob_7/reports {"reason":"insults every trick"}');
  });
});

describe('the blocked players on the account page', () => {
  it('lists them and unblocks one', async () => {
    const asked = serve((path) => (path === '/api/me/blocks' ? { blocked: ['bob_7', 'cyd_8'] } : undefined));
    renderApp(<BlockedPlayers />);
    await waitFor(() => expect(screen.getAllByTestId('unblock')).toHaveLength(2));
    expect(screen.getAllByTestId('unblock')[0].getAttribute('aria-label')).toBe('Unblock bob_7');
    fireEvent.click(screen.getAllByTestId('unblock')[0]);
    await waitFor(() => expect(screen.getAllByTestId('unblock')).toHaveLength(1));
    expect(asked).toContain('DELETE /api/me/blocks/bob_7');
    expect(screen.getByTestId('blocked-players').textContent).toContain('cyd_8');
  });

  it('says when nobody is blocked', async () => {
    serve(() => ({ blocked: [] }));
    renderApp(<BlockedPlayers />, { language: 'de' });
    expect(await screen.findByText('Du hast niemanden blockiert.')).toBeTruthy();
  });
});
