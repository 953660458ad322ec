/**
 * Table chat with quick reactions. A message the server refuses (too fast, …) comes back
 * to the box with the reason, so nothing typed is lost silently; a spectator reads only.
 * A signed-in reader taps the name of another signed-in player (a message that names its
 * account) to block or report them (PlayerMenu); the server then sends that player's
 * chat no more, and what was shown already goes too.
 */
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ClientMessage } from '../../protocol/messages.js';
import { REACTIONS } from '../../values/index.js';
import { errorText, type ShownErrorCode } from '../errors.js';
import { useMe } from '../net/me.js';
import { PlayerMenu } from './PlayerMenu.js';
import { ReactionIcon } from './ReactionIcon.js';

/**
 * `onSend` resolves to the refusal's error code, or null when the server took the message.
 * `spectators`: how many watch without a seat; they can read the chat, so players are told.
 */
export function Chat({
  messages,
  onSend,
  canSend,
  spectators = 0,
}: {
  messages: readonly ChatMessage[];
  onSend: (m: ClientMessage<'chat:send'>) => Promise<ShownErrorCode | null>;
  canSend: boolean;
  spectators?: number;
}) {
  const { t } = useTranslation();
  const [text, setTextState] = useState('');
  // The box's text as of now (the answers below arrive after renders), and the refused
  // messages put back at its start, in the order they were sent.
  const latest = useRef('');
  const putBack = useRef('');
  const setText = (value: string) => {
    latest.current = value;
    setTextState(value);
  };
  const [refused, setRefused] = useState<ShownErrorCode | null>(null);
  const me = useMe();
  /** The player whose menu is open, and those blocked from this screen (their shown messages go). */
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<ReadonlySet<string>>(new Set());
  const other = (account: string | undefined): account is string =>
    account !== undefined && !!me && account.toLowerCase() !== me.username.toLowerCase();
  const shown = messages.filter((m) => !(m.account && blocked.has(m.account.toLowerCase())));
  const send = async (message: ClientMessage<'chat:send'>) => {
    const code = await onSend(message);
    setRefused(code);
    return code;
  };
  // A refused message goes back before whatever was typed since, after the ones refused
  // before it, so the words stay in order and the typing goes on at the end.
  const giveBack = (clean: string) => {
    const now = latest.current;
    const typed = (now.startsWith(putBack.current) ? now.slice(putBack.current.length) : now).trim();
    putBack.current = putBack.current ? `${putBack.current} ${clean}` : clean;
    setText(typed ? `${putBack.current} ${typed}` : putBack.current);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = text.trim();
    if (!clean) return;
    // The box empties as the message leaves, so what is typed next is a message of its own
    // and no answer arriving later can wipe it; a refused one comes back (giveBack).
    putBack.current = '';
    setText('');
    void send({ text: clean.slice(0, 200) }).then((code) => {
      if (code !== null) giveBack(clean);
    });
  };
  return (
    <div className="chat" data-testid="chat">
      <ol className="chat-messages" aria-live="polite" aria-label={t('chat.messages')}>
        {shown.map((m) => (
          <li key={`${m.at}-${m.seat}-${m.text ?? m.reaction}`} className={m.reaction ? 'reaction' : undefined}>
            {other(m.account) ? (
              <button
                type="button"
                className="chat-name"
                onClick={() => setMenuFor(m.account!)}
                aria-label={t('account.playerOptions', { name: m.account })}
                data-testid="chat-name"
              >
                {m.name}
              </button>
            ) : (
              <strong>{m.name}</strong>
            )}{' '}
            {m.reaction ? <ReactionIcon reaction={m.reaction} /> : m.text}
          </li>
        ))}
        {shown.length === 0 && <li className="muted">{t('chat.empty')}</li>}
      </ol>
      <p className="muted chat-audience" data-testid="chat-audience">
        {canSend ? t('chat.spectatorsRead') : t('chat.readOnly')}
        {spectators > 0 && ` ${t('chat.watching', { count: spectators })}`}
      </p>
      {canSend && (
        <>
          <fieldset className="reactions" aria-label={t('chat.reactions')}>
            {REACTIONS.map((r) => (
              <button
                key={r}
                type="button"
                className="btn icon"
                onClick={() => void send({ reaction: r })}
                aria-label={t('chat.react', { reaction: r })}
              >
                <ReactionIcon reaction={r} />
              </button>
            ))}
          </fieldset>
          <form className="chat-form" onSubmit={submit}>
            <input
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={200}
              placeholder={t('chat.placeholder')}
              aria-label={t('chat.placeholder')}
              data-testid="chat-input"
            />
            <button type="submit" className="btn" data-testid="chat-send">
              {t('chat.send')}
            </button>
          </form>
          {refused && (
            <p className="error" role="alert" data-testid="chat-refused">
              {t('chat.notSent', { reason: errorText(t, refused) })}
            </p>
          )}
        </>
      )}
      {menuFor && (
        <PlayerMenu
          username={menuFor}
          onBlocked={(name) => setBlocked((b) => new Set([...b, name.toLowerCase()]))}
          onClose={() => setMenuFor(null)}
        />
      )}
    </div>
  );
}
