/**
 * The home screen's duplicate events: a short card that opens the form making one (its
 * name, player count, mode and hands), then goes to the event's page to play and share it.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mode, PlayerCount } from '../../engine/index.js';
import { MAX_DUPLICATE_HANDS } from '../../values/index.js';
import { errorText } from '../errors.js';
import { ApiError } from '../net/api.js';
import { createDuplicate } from '../net/duplicate.js';
import { usePrefs } from '../prefs.js';
import { navigate } from '../router.js';
import { PlayersAndMode } from './GameShape.js';

const HAND_CHOICES = Array.from({ length: MAX_DUPLICATE_HANDS }, (_, i) => i + 1);

export function DuplicateCard({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const { prefs } = usePrefs();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [players, setPlayers] = useState<PlayerCount>(4);
  const [mode, setMode] = useState<Mode>('individual');
  const [hands, setHands] = useState(3);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const make = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const host = prefs.name.trim();
      const { code } = await createDuplicate({ players, mode, hands, name: name.trim(), ...(host ? { host } : {}) });
      navigate({ screen: 'duplicate', code });
    } catch (err) {
      setError(err instanceof ApiError ? errorText(t, err.code) : String(err));
      setBusy(false);
    }
  };

  return (
    <section className="panel duplicate-card" aria-labelledby="duplicate-title" data-testid="duplicate-card">
      <h2 id="duplicate-title">{t('duplicate.title')}</h2>
      <p className="muted small">{t('duplicate.text')}</p>
      {!opened ? (
        <p className="actions">
          <button type="button" className="btn" onClick={() => setOpened(true)} data-testid="duplicate-open">
            {t('duplicate.create')}
          </button>
        </p>
      ) : (
        <form onSubmit={(e) => void make(e)}>
          <label className="field">
            <span>{t('duplicate.name')}</span>
            <input
              value={name}
              onChange={(e) => setName(e.target.value.slice(0, 40))}
              maxLength={40}
              required
              data-testid="duplicate-name"
            />
          </label>
          <PlayersAndMode
            players={players}
            mode={mode}
            onPlayers={(p) => {
              setPlayers(p);
              setMode('individual');
            }}
            onMode={setMode}
          />
          <label className="field">
            <span>{t('duplicate.hands')}</span>
            <select value={hands} onChange={(e) => setHands(Number(e.target.value))} data-testid="duplicate-hands">
              {HAND_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <p className="actions">
            <button
              type="submit"
              className="btn primary"
              disabled={busy || !online || !name.trim()}
              data-testid="duplicate-create"
            >
              {t('duplicate.made')}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
