/**
 * A day's daily deal results (#/daily/DATE): the ranking of signed-in players, then the
 * guests' apart (unverified: one attempt per browser), each entry opening its game's
 * replay. The player's own entry is marked: the game of the table this browser played
 * that day at, or the account's username. Today's results stay shut until the player has
 * finished today's deal (ERR_NOT_FINISHED), so nobody learns the cards from them first.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../components/DailyCard.js';
import { errorText } from '../errors.js';
import { ApiError, finishedGames } from '../net/api.js';
import { type DailyEntry, dailyResults, dailyTable, type DailyResults as Results } from '../net/daily.js';
import { useMe } from '../net/me.js';
import { formatInteger } from '../numbers.js';
import { hrefOf } from '../router.js';

export function DailyResults({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [myGames, setMyGames] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let live = true;
    dailyResults(date).then(
      (r) => live && setResults(r),
      (e: unknown) =>
        live &&
        setError(
          e instanceof ApiError && e.code === 'ERR_NOT_FINISHED'
            ? t('daily.notFinished')
            : e instanceof ApiError
              ? errorText(t, e.code)
              : String(e),
        ),
    );
    const code = dailyTable(date);
    if (code)
      finishedGames(code).then(
        (games) => live && setMyGames(new Set(games.map((g) => g.id))),
        () => {},
      );
    return () => {
      live = false;
    };
  }, [date, t]);

  const mine = (entry: DailyEntry, account: boolean) =>
    myGames.has(entry.gameId) || (account && me != null && entry.name === me.username);

  return (
    <main className="page daily-page" data-testid="daily-page">
      <section className="panel">
        <h1>{t('daily.title')}</h1>
        <p className="muted">{formatDay(date, i18n.language)}</p>
        {error ? (
          <>
            <p className="error" role="alert" data-testid="daily-error">
              {error}
            </p>
            <a className="btn primary" href={hrefOf({ screen: 'home' })}>
              {t('nav.home')}
            </a>
          </>
        ) : !results ? (
          <p className="muted">{t('common.loading')}</p>
        ) : (
          <p className="muted" data-testid="daily-count">
            {t('daily.entries', { count: results.entries, n: formatInteger(results.entries) })}
          </p>
        )}
      </section>
      {results && (
        <>
          <Ranking
            title={t('daily.players')}
            entries={results.players}
            isMine={(e) => mine(e, true)}
            testId="daily-players"
          />
          {results.guests.length > 0 && (
            <Ranking
              title={t('daily.guests')}
              entries={results.guests}
              isMine={(e) => mine(e, false)}
              testId="daily-guests"
            />
          )}
        </>
      )}
    </main>
  );
}

function Ranking({
  title,
  entries,
  isMine,
  testId,
}: {
  title: string;
  entries: readonly DailyEntry[];
  isMine: (entry: DailyEntry) => boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-label={title} data-testid={testId}>
      <h2>{title}</h2>
      {entries.length === 0 ? (
        <p className="muted">{t('daily.none')}</p>
      ) : (
        <table className="daily-ranking">
          <thead>
            <tr>
              <th scope="col">{t('daily.rank')}</th>
              <th scope="col">{t('daily.name')}</th>
              <th scope="col">{t('daily.score')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const own = isMine(e);
              return (
                <tr key={e.gameId} className={own ? 'own' : undefined} data-testid={`daily-${e.gameId}`}>
                  <td>{formatInteger(e.rank)}</td>
                  <th scope="row">
                    <a href={hrefOf({ screen: 'replay', gameId: e.gameId, autoplay: true })}>{e.name}</a>
                    {own && <span className="daily-you"> {t('daily.you')}</span>}
                  </th>
                  <td>{formatInteger(e.score)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
