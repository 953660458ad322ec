/**
 * A duplicate event's page (#/duplicate/CODE): what it is, the link to share, the player's
 * entry (play, or go on playing), the host's button to close it, and the results table:
 * each hand's matchpoints (against those who held the same cards) over its points, then
 * the totals. The server sends the results only once the player has finished an entry or
 * the event is closed, so nobody learns the cards from them first.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors.js';
import { ApiError } from '../net/api.js';
import {
  closeDuplicate,
  type DuplicateEntryResult,
  type DuplicateEvent,
  getDuplicate,
  peopleTable,
  startDuplicate,
} from '../net/duplicate.js';
import { formatInteger } from '../numbers.js';
import { usePrefs } from '../prefs.js';
import { absoluteLink, hrefOf, navigate } from '../router.js';

export function Duplicate({ code, table }: { code: string; table?: string }) {
  const { t } = useTranslation();
  const { prefs } = usePrefs();
  const [event, setEvent] = useState<DuplicateEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const link = absoluteLink({ screen: 'duplicate', code });

  const shown = useCallback((e: unknown) => setError(e instanceof ApiError ? errorText(t, e.code) : String(e)), [t]);
  const load = useCallback(() => getDuplicate(code).then(setEvent, shown), [code, shown]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      shown(e);
    }
    setBusy(false);
  };
  const play = () =>
    act(async () => navigate({ screen: 'table', code: (await startDuplicate(code, prefs.name.trim())).code }));
  const join = (seat: number) =>
    act(async () => {
      const at = { table: table!, seat };
      navigate({ screen: 'table', code: (await startDuplicate(code, prefs.name.trim(), at)).code });
    });
  const [opened, setOpened] = useState<string | null>(null);
  const open = (seat: number) => act(async () => setOpened((await peopleTable(code, prefs.name.trim(), seat)).code));
  const close = () =>
    act(async () => {
      await closeDuplicate(code);
      await load();
    });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, or refused): the link stays there to select by hand.
    }
  };

  const alone = event?.yours.find((y) => y.seat === 0);
  return (
    <main className="page duplicate-page" data-testid="duplicate-page">
      <section className="panel">
        <h1 data-testid="duplicate-title">{event?.name ?? t('duplicate.title')}</h1>
        {event && (
          <p className="muted">
            {t('duplicate.summary', { count: event.hands, players: event.players, host: event.host })}
            {' · '}
            <span data-testid="duplicate-status">
              {t(event.status === 'open' ? 'duplicate.open' : 'duplicate.closed')}
            </span>
            {' · '}
            {t('duplicate.entries', { count: event.entries, n: formatInteger(event.entries) })}
          </p>
        )}
        {error && (
          <p className="error" role="alert" data-testid="duplicate-error">
            {error}
          </p>
        )}
        {!event && !error && <p className="muted">{t('common.loading')}</p>}
        {event?.status === 'open' && (
          <>
            <label className="field">
              <span>{t('duplicate.share')}</span>
              <input readOnly value={link} onFocus={(e) => e.target.select()} data-testid="duplicate-link" />
            </label>
            <p className="actions">
              <button type="button" className="btn" onClick={() => void copy()}>
                {copied ? t('duplicate.copied') : t('duplicate.copy')}
              </button>{' '}
              {alone?.finished ? (
                <span className="muted" data-testid="duplicate-played">
                  {t('duplicate.played')}
                </span>
              ) : (
                <button
                  type="button"
                  className="btn primary"
                  onClick={() => void play()}
                  disabled={busy}
                  data-testid="duplicate-play"
                >
                  {alone ? t('duplicate.resume') : t('duplicate.play')}
                </button>
              )}{' '}
              {event.youHost && (
                <button
                  type="button"
                  className="btn"
                  onClick={() => void close()}
                  disabled={busy}
                  data-testid="duplicate-close"
                >
                  {t('duplicate.close')}
                </button>
              )}
            </p>
          </>
        )}
        {!event && error && (
          <a className="btn primary" href={hrefOf({ screen: 'home' })}>
            {t('nav.home')}
          </a>
        )}
      </section>
      {event?.status === 'open' && table && (
        <section className="panel" aria-labelledby="duplicate-join" data-testid="duplicate-join">
          <h2 id="duplicate-join">{t('duplicate.joinTitle', { code: table })}</h2>
          <SeatChoice players={event.players} action={t('duplicate.join')} busy={busy} onChoose={join} />
        </section>
      )}
      {event?.status === 'open' && event.youHost && !table && (
        <section className="panel" aria-labelledby="duplicate-people" data-testid="duplicate-people">
          <h2 id="duplicate-people">{t('duplicate.people')}</h2>
          <p className="muted small">{t('duplicate.peopleText')}</p>
          {opened ? (
            <>
              <label className="field">
                <span>{t('duplicate.tableLink')}</span>
                <input
                  readOnly
                  value={absoluteLink({ screen: 'duplicate', code, table: opened })}
                  onFocus={(e) => e.target.select()}
                  data-testid="duplicate-table-link"
                />
              </label>
              <p className="actions">
                <a className="btn primary" href={hrefOf({ screen: 'table', code: opened })}>
                  {t('duplicate.goToTable')}
                </a>
              </p>
            </>
          ) : (
            <SeatChoice players={event.players} action={t('duplicate.openTable')} busy={busy} onChoose={open} />
          )}
        </section>
      )}
      {event && (
        <section className="panel" aria-labelledby="duplicate-results" data-testid="duplicate-results">
          <h2 id="duplicate-results">{t('duplicate.results')}</h2>
          {event.results === null ? (
            <p className="muted">{t('duplicate.hidden')}</p>
          ) : event.results.length === 0 ? (
            <p className="muted">{t('duplicate.none')}</p>
          ) : (
            <Results hands={event.hands} players={event.players} lines={event.results} />
          )}
        </section>
      )}
    </main>
  );
}

/** A seat to choose (counted from 1 on screen) and the button that takes it. */
function SeatChoice({
  players,
  action,
  busy,
  onChoose,
}: {
  players: number;
  action: string;
  busy: boolean;
  onChoose: (seat: number) => void;
}) {
  const { t } = useTranslation();
  const [seat, setSeat] = useState(0);
  return (
    <p className="actions">
      <label className="field">
        <span>{t('duplicate.seatLabel')}</span>
        <select value={seat} onChange={(e) => setSeat(Number(e.target.value))} data-testid="duplicate-seat">
          {Array.from({ length: players }, (_, s) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the seats are numbered, never reordered.
            <option key={s} value={s}>
              {t('duplicate.seat', { n: s + 1 })}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn" onClick={() => onChoose(seat)} disabled={busy}>
        {action}
      </button>
    </p>
  );
}

/** The results table: it scrolls sideways on a phone when the hands do not fit. */
function Results({
  hands,
  players,
  lines,
}: {
  hands: number;
  players: number;
  lines: readonly DuplicateEntryResult[];
}) {
  const { t } = useTranslation();
  // The seat matters only when entries held different seats' cards (tables of people).
  const seats = new Set(lines.map((l) => l.seat)).size > 1 || lines.some((l) => l.seat !== 0);
  return (
    <div className="duplicate-scroll">
      <table className="daily-ranking duplicate-results">
        <caption className="muted small">
          {t('duplicate.matchpoints')} / {t('duplicate.points')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('duplicate.rank')}</th>
            <th scope="col">{t('duplicate.player')}</th>
            {Array.from({ length: hands }, (_, h) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the hands are numbered, never reordered.
              <th scope="col" key={h}>
                {t('duplicate.hand', { n: h + 1 })}
              </th>
            ))}
            <th scope="col">{t('duplicate.total')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines come in their ranking's order.
            <tr key={i} className={l.yours ? 'own' : undefined} data-testid="duplicate-line">
              <td>{formatInteger(l.rank)}</td>
              <th scope="row">
                {l.name}
                {l.guest && <span className="muted small"> {t('duplicate.guest')}</span>}
                {seats && players > 1 && (
                  <span className="muted small"> · {t('duplicate.seat', { n: l.seat + 1 })}</span>
                )}
              </th>
              {l.points.map((p, h) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per numbered hand.
                <td key={h}>
                  <Pair matchpoints={l.matchpoints[h]} points={p} />
                </td>
              ))}
              <td data-testid="duplicate-total">
                <Pair matchpoints={l.totalMatchpoints} points={l.totalPoints} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pair({ matchpoints, points }: { matchpoints: number; points: number }) {
  return (
    <>
      <strong>{formatInteger(matchpoints)}</strong>
      <span className="muted small duplicate-points">{formatInteger(points)}</span>
    </>
  );
}
