/**
 * The home screen's daily deal: today's date and how many have played it, and "Play
 * today's deal", which begins (or resumes) the attempt and opens its table. Once this
 * player has finished it (the server lets them read today's results, or refuses a new
 * start with ERR_ALREADY_PLAYED), the card offers the results instead.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors.js';
import { ApiError } from '../net/api.js';
import { type DailySummary, dailyResults, getDaily, startDaily } from '../net/daily.js';
import { formatInteger } from '../numbers.js';
import { usePrefs } from '../prefs.js';
import { hrefOf, navigate } from '../router.js';

/** A day (YYYY-MM-DD, a UTC day) as the page's language writes it: "6 December 2026"; an address's unreadable date as it is. */
export function formatDay(date: string, language: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(at) ? date : new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

export function DailyCard({ online }: { online: boolean }) {
  const { t, i18n } = useTranslation();
  const { prefs } = usePrefs();
  const [today, setToday] = useState<DailySummary | null>(null);
  const [played, setPlayed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Asked again when the network comes back (`online` turns true).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the card follows the connection.
  useEffect(() => {
    let live = true;
    getDaily().then(
      (summary) => {
        if (!live) return;
        setToday(summary);
        // Today's results are readable only to those who have finished it: the one way to
        // know it is played, on any device of the account.
        dailyResults(summary.date, 1).then(
          () => live && setPlayed(true),
          () => {},
        );
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [online]);

  const play = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = await startDaily(prefs.name.trim());
      navigate({ screen: 'table', code: reply.code });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_ALREADY_PLAYED') setPlayed(true);
      else setError(err instanceof ApiError ? errorText(t, err.code) : String(err));
      setBusy(false);
    }
  };

  return (
    <section className="panel daily-card" aria-labelledby="daily-title" data-testid="daily-card">
      <h2 id="daily-title">
        {t('daily.title')}
        {today && <span className="muted small daily-date"> · {formatDay(today.date, i18n.language)}</span>}
      </h2>
      <p className="muted small">
        {t('daily.text')}
        {today && (
          <>
            {' · '}
            <span data-testid="daily-entries">
              {t('daily.entries', { count: today.entries, n: formatInteger(today.entries) })}
            </span>
          </>
        )}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className="actions">
        {today && played ? (
          <a className="btn primary" href={hrefOf({ screen: 'daily', date: today.date })} data-testid="daily-results">
            {t('daily.seeResults')}
          </a>
        ) : (
          <button
            type="button"
            className="btn primary"
            onClick={() => void play()}
            disabled={busy || !online || !today}
            data-testid="daily-play"
          >
            {t('daily.play')}
          </button>
        )}
      </p>
    </section>
  );
}
