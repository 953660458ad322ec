/**
 * The home screen's "Play now": how many players, how long (a short game of one round, or
 * the standard length for that many), rated or not (rated only when signed in), and the
 * button that queues a ticket and opens the waiting screen. Two lengths only, so that the
 * queues stay full.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlayerCount, setupFor } from '../../engine/index.js';
import { errorText } from '../errors.js';
import { ApiError } from '../net/api.js';
import { useMe } from '../net/me.js';
import { playNow } from '../net/play-now.js';
import { usePrefs } from '../prefs.js';
import { navigate } from '../router.js';

const COUNTS: readonly PlayerCount[] = [2, 3, 4, 5, 6];

export function PlayNowCard({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const { prefs } = usePrefs();
  const me = useMe();
  const [players, setPlayers] = useState<PlayerCount>(4);
  const [short, setShort] = useState(false);
  const [ratedChoice, setRated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signedIn = Boolean(me);
  const rated = signedIn && ratedChoice;
  const standard = setupFor(players).defaultRounds;

  const go = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await playNow({ players, rated, rounds: short ? 1 : standard }, signedIn ? '' : prefs.name.trim());
      navigate({ screen: 'play-now' });
    } catch (err) {
      setError(err instanceof ApiError ? errorText(t, err.code) : String(err));
      setBusy(false);
    }
  };

  return (
    <form className="panel play-now-card" onSubmit={go} aria-labelledby="play-now-title" data-testid="play-now-card">
      <h2 id="play-now-title">{t('playNow.title')}</h2>
      <p className="muted small">{t('playNow.text')}</p>
      <div className="play-now-choices">
        <label className="field">
          <span>{t('playNow.players')}</span>
          <select
            value={players}
            onChange={(e) => setPlayers(Number(e.target.value) as PlayerCount)}
            data-testid="play-now-players"
          >
            {COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('playNow.length')}</span>
          <select
            value={short ? 'short' : 'standard'}
            onChange={(e) => setShort(e.target.value === 'short')}
            data-testid="play-now-length"
          >
            <option value="short">{t('playNow.short')}</option>
            <option value="standard">{t('playNow.standard', { count: standard })}</option>
          </select>
        </label>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={rated}
          disabled={!signedIn}
          onChange={(e) => setRated(e.target.checked)}
          data-testid="play-now-rated"
        />{' '}
        {t('playNow.rated')}
      </label>
      {!signedIn && <p className="muted small">{t('playNow.ratedSignIn')}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn primary big" disabled={busy || !online} data-testid="play-now">
        {t('playNow.play')}
      </button>
    </form>
  );
}
