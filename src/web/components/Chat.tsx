/** Table chat with quick reactions. */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ClientMessage } from '../../protocol/messages.js';

export const REACTIONS = ['👍', '😂', '😮', '😡', '🍾', '👿'] as const;

/** `spectators`: how many watch without a seat; they can read the chat, so players are told. */
export function Chat({
  messages,
  onSend,
  canSend,
  spectators = 0,
}: {
  messages: readonly ChatMessage[];
  onSend: (m: ClientMessage<'chat:send'>) => void;
  canSend: boolean;
  spectators?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = text.trim();
    if (!clean) return;
    onSend({ text: clean.slice(0, 200) });
    setText('');
  };
  return (
    <div className="chat" data-testid="chat">
      <ol className="chat-messages" aria-live="polite" aria-label={t('chat.messages')}>
        {messages.map((m) => (
          <li key={`${m.at}-${m.seat}-${m.text ?? m.reaction}`} className={m.reaction ? 'reaction' : undefined}>
            <strong>{m.name}</strong> {m.reaction ? <span className="big-emoji">{m.reaction}</span> : m.text}
          </li>
        ))}
        {messages.length === 0 && <li className="muted">{t('chat.empty')}</li>}
      </ol>
      <p className="muted chat-audience" data-testid="chat-audience">
        {t('chat.spectatorsRead')}
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
                onClick={() => onSend({ reaction: r })}
                aria-label={t('chat.react', { reaction: r })}
              >
                {r}
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
            />
            <button type="submit" className="btn">
              {t('chat.send')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
