// @vitest-environment jsdom
/**
 * The table's way in and out, as components: a refused chat message stays with its
 * reason (German too), a spectator reads only, the chat tab counts unread messages,
 * "Look at the table" keeps Rematch and the replay link, addresses that cannot be read
 * are a route of their own, and turn alerts are off until the player turns them on.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { view } from '../../src/engine/index.js';
import type { ChatMessage, ClientMessage } from '../../src/protocol/messages.js';
import { Chat } from '../../src/web/components/Chat.js';
import { Table } from '../../src/web/components/Table.js';
import type { ShownErrorCode } from '../../src/web/errors.js';
import { namedSeats } from '../../src/web/game/model.js';
import { heldTables, playedTables, saveSession } from '../../src/web/net/session.js';
import { defaultPrefs, loadPrefs } from '../../src/web/prefs.js';
import { hrefOf, parseRoute } from '../../src/web/router.js';
import { NAMES, newGame, passAll, playWhile, renderApp } from './helpers.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const message = (seat: number, text: string, at: number): ChatMessage => ({ seat, name: NAMES[seat], text, at });

describe('chat', () => {
  it('keeps a refused message in the box with the reason, in German too', async () => {
    const sent: ClientMessage<'chat:send'>[] = [];
    let answer: ShownErrorCode | null = null;
    const onSend = async (m: ClientMessage<'chat:send'>) => {
      sent.push(m);
      return answer;
    };
    renderApp(<Chat messages={[]} onSend={onSend} canSend />, { language: 'de' });
    const box = screen.getByTestId('chat-input') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Hallo' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(box.value).toBe(''));
    answer = 'ERR_CHAT_TOO_FAST';
    fireEvent.change(box, { target: { value: 'Noch eins' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await screen.findByTestId('chat-refused');
    expect(screen.getByTestId('chat-refused').textContent).toBe(
      'Nicht gesendet: Du schreibst zu schnell. Warte ein paar Sekunden.',
    );
    expect(box.value).toBe('Noch eins');
    expect(sent).toEqual([{ text: 'Hallo' }, { text: 'Noch eins' }]);
  });

  it('is read-only for a spectator, and says so', () => {
    renderApp(<Chat messages={[message(1, 'Aloha', 1)]} onSend={async () => null} canSend={false} />);
    expect(screen.getByText('Aloha')).toBeTruthy();
    expect(screen.getByTestId('chat-audience').textContent).toMatch(/only the players at the table can write/);
    expect(screen.queryByTestId('chat-input')).toBeNull();
    expect(screen.queryByRole('button', { name: /React with/ })).toBeNull();
  });
});

describe('the table', () => {
  it('counts chat messages from others on the chat tab until the chat is looked at', () => {
    const game = newGame({ players: 3 }, 5);
    passAll(game);
    const seats = namedSeats(NAMES.slice(0, 3));
    const table = (messages: ChatMessage[]) => (
      <Table view={view(game, 0)} seats={seats} chat={{ messages, onSend: async () => null, canSend: true }} />
    );
    const old = [message(1, 'from before', 1)];
    const { rerender } = renderApp(table(old));
    // Start on another tab: the chat is out of view.
    fireEvent.click(screen.getByTestId('tab-log'));
    fireEvent.click(screen.getByTestId('tab-log'));
    const badge = () => screen.getByTestId('tab-chat').querySelector('.tab-badge')?.textContent ?? null;
    expect(badge()).toBeNull();
    rerender(table([...old, message(1, 'one', 2), message(0, 'mine', 3), message(2, 'two', 4)]));
    expect(badge()).toBe('2');
    fireEvent.click(screen.getByTestId('tab-chat'));
    expect(badge()).toBeNull();
    fireEvent.click(screen.getByTestId('sheet-close'));
    rerender(
      table([...old, message(1, 'one', 2), message(0, 'mine', 3), message(2, 'two', 4), message(1, 'three', 5)]),
    );
    expect(badge()).toBe('1');
  });

  it('keeps Rematch, the results and the replay link under the table after "Look at the table"', () => {
    const game = newGame({ players: 3, rounds: 1 }, 12);
    passAll(game);
    playWhile(game, () => true);
    let rematch = 0;
    renderApp(
      <Table
        view={view(game, 0)}
        seats={namedSeats(NAMES.slice(0, 3))}
        onRematch={() => rematch++}
        gameOverExtra={
          <a href="#/replay/G1" data-testid="replay-link">
            replay
          </a>
        }
      />,
    );
    expect(screen.queryByTestId('over-actions')).toBeNull();
    fireEvent.click(within(screen.getByTestId('game-over')).getByRole('button', { name: 'Look at the table' }));
    expect(screen.queryByTestId('game-over')).toBeNull();
    const after = screen.getByTestId('over-actions');
    expect(within(after).getByTestId('replay-link').getAttribute('href')).toBe('#/replay/G1');
    fireEvent.click(within(after).getByTestId('rematch'));
    expect(rematch).toBe(1);
    fireEvent.click(within(after).getByRole('button', { name: 'Results' }));
    expect(screen.getByTestId('game-over')).toBeTruthy();
  });
});

describe('routes and what the browser keeps', () => {
  it('an address cut mid-escape is "broken", not an exception; replays and the viewer have routes of their own', () => {
    expect(parseRoute('#/t/%E0%A4%A')).toEqual({ screen: 'broken' });
    expect(parseRoute('#/t/k7qx')).toEqual({ screen: 'table', code: 'K7QX' });
    expect(parseRoute('#/replays')).toEqual({ screen: 'replays' });
    expect(parseRoute('#/replay')).toEqual({ screen: 'replay', gameId: null });
    expect(parseRoute('#/replay/G%201')).toEqual({ screen: 'replay', gameId: 'G 1' });
    expect(parseRoute('#/replay/G1/play')).toEqual({ screen: 'replay', gameId: 'G1', autoplay: true });
    expect(hrefOf({ screen: 'replay', gameId: 'G 1', autoplay: true })).toBe('#/replay/G%201/play');
  });

  it('lists the seats held and the tables played at', () => {
    saveSession('abcd', { seat: 1, token: 't1' });
    saveSession('WXYZ', { seat: 0, token: 't2' });
    localStorage.setItem('bottle-imp:seat:BROKEN', '{');
    expect(heldTables()).toEqual(['ABCD', 'WXYZ']);
    expect(playedTables()).toEqual(['WXYZ', 'ABCD']);
  });

  it('turn alerts are all off until switched on', () => {
    expect(defaultPrefs()).toMatchObject({ sound: false, vibrate: false, notify: false });
    localStorage.setItem('bottle-imp:prefs', JSON.stringify({ sound: true, vibrate: 'yes', notify: true }));
    expect(loadPrefs()).toMatchObject({ sound: true, vibrate: false, notify: true });
  });
});
