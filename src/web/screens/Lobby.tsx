/** The lobby: seats and names, bots added or removed by the host, the invite link, start. */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotLevel, TableSummary } from '../../protocol/messages.js';
import { BotAccountBadge } from '../components/BotAccountBadge.js';
import { ClockField, clockShort } from '../components/clock.js';
import { LevelField } from '../components/GameShape.js';
import { type Answer, errorText } from '../errors.js';
import { ApiError, joinTable } from '../net/api.js';
import type { TableConnection } from '../net/connection.js';
import { takePendingBots } from '../net/pending.js';
import { forgetSession, saveSession } from '../net/session.js';
import { usePrefs } from '../prefs.js';
import { inviteLink } from '../router.js';

/** Whether the host has the coach (hints, bottle risk) on at this table. */
export function coachOn(table: TableSummary): boolean {
  return table.options.coach;
}

export function Lobby({ conn, table, seat }: { conn: TableConnection; table: TableSummary; seat: number | null }) {
  const { t } = useTranslation();
  const { prefs, setPrefs } = usePrefs();
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [level, setLevel] = useState<BotLevel>('medium');
  /** The empty seat whose "invite a bot account" field is open, and the name typed in it. */
  const [inviting, setInviting] = useState<number | null>(null);
  const [botName, setBotName] = useState('');
  const isHost = seat !== null && seat === table.host;
  const seeded = useRef(false);

  // The bots chosen when the table was created are seated once the host is connected.
  useEffect(() => {
    if (!isHost || seeded.current) return;
    seeded.current = true;
    void (async () => {
      for (const bot of takePendingBots(table.code)) {
        const ack = await conn.addBot(bot.seat, bot.level);
        if (!ack.ok) setError(errorText(t, ack.error.code));
      }
    })();
  }, [isHost, conn, table.code, t]);

  const run = async (p: Promise<Answer>) => {
    const ack = await p;
    setError(ack.ok ? null : errorText(t, ack.error.code));
  };

  const invite = async (e: FormEvent, at: number) => {
    e.preventDefault();
    const ack = await conn.inviteBot(at, botName.trim());
    setError(ack.ok ? null : errorText(t, ack.error.code));
    if (ack.ok) setInviting(null);
  };

  const takeSeat = async (e: FormEvent, at?: number) => {
    e.preventDefault();
    const name = prefs.name.trim();
    if (!name) return setError(t('home.needName'));
    try {
      const reply = await joinTable(table.code, name, at);
      saveSession(table.code, { seat: reply.seat, token: reply.token });
      await conn.rewatch();
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(t, err.code) : String(err));
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(inviteLink(table.code));
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setError(t('lobby.copyFailed'));
    }
  };

  const leave = async () => {
    const ack = await conn.leave();
    if (!ack.ok) return setError(errorText(t, ack.error.code));
    forgetSession(table.code);
    location.hash = '#/';
  };

  const full = table.seats.every((s) => s.name !== null);
  const o = table.options;
  return (
    <div className="lobby page" data-testid="lobby">
      <div className="panel">
        <h1>{t('lobby.title')}</h1>
        <p className="muted">
          {t('lobby.summary', { players: o.players })} ·{' '}
          {o.mode === 'individual' ? t('home.individual') : t('home.teams', { mode: o.mode })} ·{' '}
          {o.rounds !== undefined
            ? t('lobby.rounds', { count: o.rounds })
            : t('table.target', { target: o.targetScore })}{' '}
          · {o.public ? t('lobby.public') : t('lobby.private')} ·{' '}
          <span className={`chip${coachOn(table) ? ' chip-me' : ''}`} data-testid="coach-state">
            {coachOn(table) ? t('coach.on') : t('coach.off')}
          </span>{' '}
          ·{' '}
          <span className="chip" title={t('clock.optionHelp')} data-testid="clock-state">
            {clockShort(t, o.turnClock)}
          </span>
        </p>
        {isHost && (
          <label className="check" title={t('coach.optionHelp')}>
            <input
              type="checkbox"
              checked={coachOn(table)}
              onChange={(e) => void run(conn.setCoach(e.target.checked))}
              data-testid="coach-option"
            />{' '}
            {t('coach.option')}
          </label>
        )}
        {isHost && (
          <ClockField
            value={o.turnClock}
            onChange={(c) => void run(conn.setClock(c))}
            className="field inline-field"
            testId="clock-option"
          />
        )}
        <div className="invite">
          <input
            readOnly
            value={inviteLink(table.code)}
            aria-label={t('lobby.invite')}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="btn" onClick={() => void copy()} data-testid="copy-invite">
            {copied ? t('lobby.copied') : t('lobby.copy')}
          </button>
        </div>

        <ol className="lobby-seats">
          {table.seats.map((s) => (
            <li key={s.seat} className={s.seat === seat ? 'mine' : undefined} data-testid={`lobby-seat-${s.seat}`}>
              <span className="seat-no">{s.seat + 1}</span>
              <span className="seat-who">
                {s.bot
                  ? t('seat.botShort', { n: s.seat + 1 })
                  : (s.name ?? <span className="muted">{t('lobby.open')}</span>)}
                {s.bot && <span className="chip chip-bot">{t('seat.bot', { level: t(`bot.${s.bot}`) })}</span>}
                <BotAccountBadge of={s} />
                {s.seat === table.host && <span className="chip">{t('lobby.host')}</span>}
                {s.seat === seat && <span className="chip chip-me">{t('seat.you')}</span>}
                {s.name && !s.bot && !s.connected && <span className="chip chip-away">{t('lobby.offline')}</span>}
              </span>
              <span className="seat-actions">
                {s.name === null && isHost && (
                  <button
                    type="button"
                    className="btn small"
                    onClick={() => void run(conn.addBot(s.seat, level))}
                    data-testid={`add-bot-${s.seat}`}
                  >
                    {t('lobby.addBot')}
                  </button>
                )}
                {s.name === null && isHost && inviting !== s.seat && (
                  <button
                    type="button"
                    className="btn small"
                    onClick={() => {
                      setBotName('');
                      setInviting(s.seat);
                    }}
                    data-testid={`invite-bot-${s.seat}`}
                  >
                    {t('lobby.inviteBot')}
                  </button>
                )}
                {s.name === null && isHost && inviting === s.seat && (
                  <form className="invite-bot" onSubmit={(e) => void invite(e, s.seat)}>
                    <input
                      value={botName}
                      onChange={(e) => setBotName(e.target.value.slice(0, 20))}
                      aria-label={t('lobby.botAccountName')}
                      placeholder={t('lobby.botAccountName')}
                      maxLength={20}
                      required
                      data-testid={`invite-bot-name-${s.seat}`}
                    />
                    <button type="submit" className="btn small primary" data-testid={`invite-bot-send-${s.seat}`}>
                      {t('lobby.inviteSend')}
                    </button>
                  </form>
                )}
                {s.name === null && seat === null && (
                  <button
                    type="button"
                    className="btn small primary"
                    onClick={(e) => void takeSeat(e, s.seat)}
                    data-testid={`take-seat-${s.seat}`}
                  >
                    {t('lobby.sitHere')}
                  </button>
                )}
                {(s.bot !== null || s.botAccount) && isHost && (
                  <button
                    type="button"
                    className="btn small"
                    onClick={() => void run(conn.clearSeat(s.seat))}
                    aria-label={t('lobby.removeNamed', { name: s.name })}
                  >
                    {t('lobby.remove')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ol>

        {isHost && (
          <LevelField label={t('lobby.botLevel')} className="field inline-field" value={level} onChange={setLevel} />
        )}

        {seat === null && (
          <form className="join-form" onSubmit={(e) => void takeSeat(e)}>
            <label className="field">
              <span>{t('home.name')}</span>
              <input
                value={prefs.name}
                onChange={(e) => setPrefs({ name: e.target.value.slice(0, 24) })}
                maxLength={24}
                required
                data-testid="lobby-name"
              />
            </label>
            <button type="submit" className="btn primary" disabled={full} data-testid="join-seat">
              {full ? t('lobby.full') : t('lobby.join')}
            </button>
          </form>
        )}

        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}

        <div className="actions">
          {isHost ? (
            <button
              type="button"
              className="btn primary big"
              disabled={!full}
              onClick={() => void run(conn.start())}
              data-testid="start"
            >
              {full ? t('lobby.start') : t('lobby.waiting')}
            </button>
          ) : (
            <p className="muted">{t('lobby.hostStarts')}</p>
          )}
          {seat !== null && (
            <button type="button" className="btn" onClick={() => void leave()}>
              {t('lobby.leave')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
