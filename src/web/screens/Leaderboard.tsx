/**
 * A rating pool's leaderboard (#/leaderboard/4p, docs/ratings.md): the players whose rating
 * has settled, best first, each linking to their profile; tabs for the other pools.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaderboardEntry } from '../../protocol/players.js';
import type { RatingPool } from '../../values/index.js';
import { PoolTabs } from '../components/ratings.js';
import { errorText } from '../errors.js';
import { ApiError } from '../net/api.js';
import { leaderboard } from '../net/players.js';
import { formatInteger } from '../numbers.js';
import { hrefOf } from '../router.js';

export function Leaderboard({ pool }: { pool: RatingPool }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<LeaderboardEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    leaderboard(pool).then(setRows, (e: unknown) => setError(e instanceof ApiError ? errorText(t, e.code) : String(e)));
  }, [pool, t]);

  return (
    <main className="page account-page" data-testid="leaderboard">
      <section className="panel">
        <h1>{t('ratings.title', { pool: t(`ratings.pool.${pool}`) })}</h1>
        <PoolTabs current={pool} />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {!error && rows === null && <p className="muted">{t('common.loading')}</p>}
        {rows?.length === 0 && <p className="muted">{t('ratings.empty')}</p>}
        {rows && rows.length > 0 && (
          <table className="leaderboard-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('ratings.player')}</th>
                <th scope="col">{t('ratings.rating')}</th>
                <th scope="col">{t('ratings.games')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.username} data-testid={`leader-${i + 1}`}>
                  <td>{formatInteger(i + 1)}</td>
                  <td>
                    <a href={hrefOf({ screen: 'player', username: r.username })}>{r.username}</a>
                  </td>
                  <td>
                    <strong>{formatInteger(r.rating)}</strong>
                  </td>
                  <td>{formatInteger(r.games)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
