/**
 * A player's profile (#/players/NAME): since when they play, how many games, and their
 * finished games, newest first, twenty at a time ("Older games"). Each opens in the
 * replay viewer, which also holds the coach's analysis.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors.js';
import { ApiError } from '../net/api.js';
import { GAMES_PAGE, getPlayer, type Player, type PlayerGame, playerGames } from '../net/players.js';
import { formatInteger } from '../numbers.js';
import { hrefOf } from '../router.js';

export function Profile({ username }: { username: string }) {
  const { t, i18n } = useTranslation();
  const [player, setPlayer] = useState<Player | null>(null);
  const [games, setGames] = useState<PlayerGame[]>([]);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const date = (at: number, style: 'long' | 'medium') =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: style }).format(at);
  const failed = (e: unknown) => setError(e instanceof ApiError ? errorText(t, e.code) : String(e));

  const page = (before?: string) =>
    playerGames(username, before).then((list) => {
      setGames((shown) => [...(before ? shown : []), ...list]);
      setMore(list.length === GAMES_PAGE);
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
  return (
    <main className="page account-page" data-testid="profile">
      <section className="panel">
        <h1 data-testid="profile-name">{player.username}</h1>
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
              <li key={g.id} className="replay-entry" data-testid={`history-${g.id}`}>
                <div>
                  <strong>{t('profile.place', { place: formatInteger(g.place), players: g.names.length })}</strong>
                  <span className="muted small"> · {date(g.finishedAt, 'medium')}</span>
                  <p className="small">{g.names.join(', ')}</p>
                </div>
                <div className="actions">
                  <a className="btn primary" href={hrefOf({ screen: 'replay', gameId: g.id, autoplay: true })}>
                    {t('replays.watch')}
                  </a>
                  <a className="btn" href={hrefOf({ screen: 'replay', gameId: g.id })}>
                    {t('profile.coach')}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
        {more && (
          <button
            type="button"
            className="btn wide"
            onClick={() => void page(games[games.length - 1]?.id)}
            data-testid="history-more"
          >
            {t('profile.older')}
          </button>
        )}
      </section>
    </main>
  );
}
