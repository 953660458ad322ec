/**
 * A player's profile (#/players/NAME): since when they play, how many games, and their
 * finished games, newest first, a page at a time ("Older games"). Each game says the
 * player's place, everyone's final total (a deleted account's seat as "Deleted player",
 * other accounts linking to their profiles), and opens in the replay viewer, played on by
 * itself or with the coach's analysis asked for.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RatingPointReply } from '../../protocol/players.js';
import { RATING_POOLS, type RatingPool } from '../../values/index.js';
import { BotAccountBadge } from '../components/BotAccountBadge.js';
import { seatName } from '../components/names.js';
import { RatingChart, ratingText } from '../components/ratings.js';
import { errorText } from '../errors.js';
import { namedSeats } from '../game/model.js';
import { ApiError } from '../net/api.js';
import { getPlayer, type Player, type PlayerGame, playerGames, ratingHistory } from '../net/players.js';
import { formatInteger } from '../numbers.js';
import { hrefOf } from '../router.js';

export function Profile({ username }: { username: string }) {
  const { t, i18n } = useTranslation();
  const [player, setPlayer] = useState<Player | null>(null);
  const [games, setGames] = useState<PlayerGame[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = (e: unknown) => setError(e instanceof ApiError ? errorText(t, e.code) : String(e));

  const page = (before?: string) =>
    playerGames(username, before).then((reply) => {
      setGames((shown) => [...(before ? shown : []), ...reply.games]);
      setNext(reply.next);
    }, failed);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a profile loads once per name (the screen is keyed by it).
  useEffect(() => {
    getPlayer(username).then(setPlayer, failed);
    void page();
  }, [username]);

  if (error) {
    return (
      <main className="page account-page">
        <p className="error" role="alert" data-testid="profile-error">
          {error}
        </p>
      </main>
    );
  }
  if (!player) return <p className="muted page">{t('common.loading')}</p>;
  const date = (at: number, style: 'long' | 'medium') =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: style }).format(at);
  return (
    <main className="page account-page" data-testid="profile">
      <section className="panel">
        <h1>
          <span data-testid="profile-name">{player.username}</span>
          <BotAccountBadge of={player} />
        </h1>
        <p className="muted">
          {t('profile.since', { date: date(player.createdAt, 'long') })} ·{' '}
          <span data-testid="profile-games">
            {t('profile.games', { count: player.games, n: formatInteger(player.games) })}
          </span>
        </p>
      </section>
      <Ratings username={player.username} ratings={player.ratings} />
      <section className="panel" aria-labelledby="history-title">
        <h2 id="history-title">{t('profile.history')}</h2>
        {games.length === 0 ? (
          <p className="muted">{t('profile.none')}</p>
        ) : (
          <ul className="replay-list">
            {games.map((g) => (
              <HistoryEntry key={g.id} game={g} owner={player.username} date={date(g.finishedAt, 'medium')} />
            ))}
          </ul>
        )}
        {next && (
          <button type="button" className="btn wide" onClick={() => void page(next)} data-testid="history-more">
            {t('profile.older')}
          </button>
        )}
      </section>
    </main>
  );
}

/** One finished game: the player's place, everyone's total, and the way to its replay and coach. */
function HistoryEntry({ game, owner, date }: { game: PlayerGame; owner: string; date: string }) {
  const { t } = useTranslation();
  const seats = namedSeats(game.names, game.bots, game.botAccounts);
  return (
    <li className="replay-entry" data-testid={`history-${game.id}`}>
      <div>
        <strong>{t('profile.place', { place: formatInteger(game.place), players: game.names.length })}</strong>
        <span className="muted small"> · {date}</span>
        <ul className="history-players small" aria-label={t('profile.players')}>
          {game.names.map((_, s) => {
            const name = seatName(seats, s, t);
            const other = game.usernames[s];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a game's seats are fixed, numbered from 0.
              <li key={s} data-testid={`history-seat-${s}`}>
                {other && other !== owner ? <a href={hrefOf({ screen: 'player', username: other })}>{name}</a> : name}
                <BotAccountBadge of={seats[s]} />{' '}
                <span className="muted">{t('seat.points', { count: game.scores[s] })}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="actions">
        <a
          className="btn primary"
          href={hrefOf({ screen: 'replay', gameId: game.id, autoplay: true })}
          data-testid="history-watch"
        >
          {t('replays.watch')}
        </a>
        <a
          className="btn"
          href={hrefOf({ screen: 'replay', gameId: game.id, coach: true })}
          data-testid="history-coach"
        >
          {t('profile.coach')}
        </a>
      </div>
    </li>
  );
}

/**
 * The player's rating in each pool they played rated games in, and the chart of one pool's
 * history (the pool with the most games first; another by tapping it).
 */
function Ratings({ username, ratings }: { username: string; ratings: Player['ratings'] }) {
  const { t } = useTranslation();
  const pools = RATING_POOLS.filter((p) => ratings[p] !== undefined);
  const most = [...pools].sort((a, b) => (ratings[b]?.games ?? 0) - (ratings[a]?.games ?? 0))[0];
  const [shown, setShown] = useState<RatingPool | undefined>(most);
  const [points, setPoints] = useState<RatingPointReply[]>([]);
  useEffect(() => {
    if (shown)
      ratingHistory(username, shown).then(
        (r) => setPoints([...r.points]),
        () => setPoints([]),
      );
  }, [username, shown]);
  return (
    <section className="panel" aria-labelledby="ratings-title" data-testid="profile-ratings">
      <h2 id="ratings-title">{t('ratings.profile')}</h2>
      {pools.length === 0 ? (
        <p className="muted">{t('ratings.none')}</p>
      ) : (
        <>
          <ul className="pool-ratings">
            {pools.map((pool) => {
              const r = ratings[pool]!;
              return (
                <li key={pool}>
                  <button
                    type="button"
                    className={`btn small${pool === shown ? ' primary' : ''}`}
                    aria-pressed={pool === shown}
                    onClick={() => setShown(pool)}
                    data-testid={`profile-rating-${pool}`}
                  >
                    {t(`ratings.pool.${pool}`)}: <strong>{ratingText(r.rating, r.provisional)}</strong>
                  </button>{' '}
                  <span className="muted small">
                    {t('ratings.gamesN', { count: r.games, n: formatInteger(r.games) })}
                  </span>
                </li>
              );
            })}
          </ul>
          {pools.some((p) => ratings[p]?.provisional) && <p className="muted small">{t('ratings.provisional')}</p>}
          {shown && <RatingChart points={points} label={t('ratings.chart', { pool: t(`ratings.pool.${shown}`) })} />}
        </>
      )}
    </section>
  );
}
