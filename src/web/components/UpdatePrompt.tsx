/**
 * "A new version is ready: reload", under the header on every screen, when a new version
 * of the app waits and no game holds it back (pwa/updates.ts). The page reloads only when
 * the player taps it.
 */
import { useTranslation } from 'react-i18next';
import { useUpdateOffer } from '../pwa/updates.js';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const take = useUpdateOffer();
  if (!take) return null;
  return (
    <div className="banner update" role="status" data-testid="update-ready">
      {t('update.ready')}{' '}
      <button type="button" className="btn small" onClick={take} data-testid="update-reload">
        {t('update.reload')}
      </button>
    </div>
  );
}
