/**
 * A player's profile (#/players/NAME): since when they play, how many games, and their
 * finished games, newest first, a page at a time ("Older games"). Each game says the
 * player's place, everyone's final total (a deleted account's seat as "Deleted player",
 * other accounts linking to their profiles), and opens in the replay viewer, played on by
 * itself or with the coach's analysis asked for.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BotAccountBadge } from '../components/BotAccountBadge.js';
import { seatName } from '../components/names.js';
import { errorText } from '../errors.js';
import { namedSeats } from '../game/model.js';
import { ApiError } from '../net/api.js';
import { getPlayer, type Player, type PlayerGame, playerGames } from '../net/players.js';
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
