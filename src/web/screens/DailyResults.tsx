/**
 * A day's daily deal results (#/daily/DATE): the player's own standing (rank and
 * percentile) with their game's replay with the coach, the best game's replay, the ranking
 * of signed-in players, then the guests' apart (unverified: one attempt per browser), each
 * entry opening its game's replay, and the field's choices at each of the player's
 * decisions. The player's own entry is marked: the game of the table this browser played
 * that day at, or the account's username. Today's results stay shut until the player has
 * finished today's deal (ERR_NOT_FINISHED), so nobody learns the cards from them first.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../components/DailyCard.js';
import { decisionTitle, FieldDecision } from '../components/FieldDecision.js';
import { errorText } from '../errors.js';
import { ApiError, finishedGames } from '../net/api.js';
import {
  type DailyChoices,
  type DailyDecision,
  type DailyEntry,
  type DailyStanding,
  dailyChoices,
  dailyResults,
  dailyTable,
  type DailyResults as Results,
} from '../net/daily.js';
import { useMe } from '../net/me.js';
import { formatInteger } from '../numbers.js';
import { hrefOf } from '../router.js';

export function DailyResults({ date }: { date: string }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [myGames, setMyGames] = useState<ReadonlySet<string>>(new Set());
  const [choices, setChoices] = useState<DailyChoices | null>(null);

  useEffect(() => {
    let live = true;
    dailyResults(date).then(
      (r) => {
        if (!live) return;
        setResults(r);
        // The field's choices are along the player's own game: there are none without one.
        if (r.mine)
          dailyChoices(date).then(
            (c) => live && setChoices(c),
            () => {},
          );
      },
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
    entry.gameId === results?.mine?.gameId ||
    myGames.has(entry.gameId) ||
    (account && me != null && entry.name === me.username);
  const best = results?.players[0] ?? results?.guests[0];

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
      {results && (results.mine || best) && <Standing date={date} mine={results.mine} best={best} />}
      {results && (
        <>
          <Ranking
            date={date}
            title={t('daily.players')}
            entries={results.players}
            isMine={(e) => mine(e, true)}
            testId="daily-players"
          />
          {results.guests.length > 0 && (
            <Ranking
              date={date}
              title={t('daily.guests')}
              entries={results.guests}
              isMine={(e) => mine(e, false)}
              testId="daily-guests"
            />
          )}
        </>
      )}
      {choices && <FieldChoices decisions={choices.decisions} />}
    </main>
  );
}

/** The player's rank and percentile, their game with the coach, and the best game's replay. */
function Standing({ date, mine, best }: { date: string; mine: DailyStanding | null; best: DailyEntry | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="panel" data-testid="daily-mine">
      {mine && (
        <>
          <p className="daily-standing" data-testid="daily-standing">
            {t('daily.standing', { rank: formatInteger(mine.rank), of: formatInteger(mine.of) })}
          </p>
          <p className="muted" data-testid="daily-percentile">
            {t('daily.percentile', { percentile: formatInteger(Math.round(mine.percentile)) })}
          </p>
        </>
      )}
      <p className="actions">
        {mine && (
          <a
            className="btn primary"
            href={hrefOf({ screen: 'replay', gameId: mine.gameId, coach: true, daily: date })}
            data-testid="daily-coach"
          >
            {t('daily.coach')}
          </a>
        )}
        {best && (
          <a
            className="btn"
            href={hrefOf({ screen: 'replay', gameId: best.gameId, autoplay: true, daily: date })}
            data-testid="daily-best"
          >
            {t('daily.bestGame')}
          </a>
        )}
      </p>
    </section>
  );
}

/** At each of the player's decisions, hand by hand: what the field chose there, how many, and their average points. */
function FieldChoices({ decisions }: { decisions: readonly DailyDecision[] }) {
  const { t } = useTranslation();
  const hands = [...new Set(decisions.map((d) => d.hand))];
  return (
    <section className="panel" aria-label={t('daily.choicesTitle')} data-testid="daily-choices">
      <h2>{t('daily.choicesTitle')}</h2>
      <p className="muted">{t('daily.choicesText')}</p>
      {hands.map((hand) => (
        <details key={hand} open={hand === 0} data-testid={`daily-hand-${hand}`}>
          <summary>{t('daily.round', { n: formatInteger(hand + 1) })}</summary>
          {decisions
            .filter((d) => d.hand === hand)
            .map((d) => (
              <FieldDecision key={d.decision} decision={d} title={decisionTitle(d, t)} mark={t('daily.you')} />
            ))}
        </details>
      ))}
    </section>
  );
}

function Ranking({
  date,
  title,
  entries,
  isMine,
  testId,
}: {
  date: string;
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
                    <a href={hrefOf({ screen: 'replay', gameId: e.gameId, autoplay: true, daily: date })}>{e.name}</a>
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
