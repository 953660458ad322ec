/**
 * The home screen's way into offline play: "Play offline against bots", and "Continue
 * your game" while an offline game is saved in this browser. Only the small store is in
 * the home screen's download; the engine and the bots come with the offline screen.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCurrent } from '../offline/store.js';
import { hrefOf } from '../router.js';

export function OfflineEntry() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    // Without IndexedDB (storage off) there is no saved game to continue.
    loadCurrent().then(
      (game) => live && setSaved(game !== null),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="panel offline-entry" aria-labelledby="offline-entry-title" data-testid="offline-entry">
      <h2 id="offline-entry-title">{t('offline.title')}</h2>
      <p className="muted small">{t('offline.homeText')}</p>
      <p className="actions">
        {saved && (
          <a className="btn primary" href={hrefOf({ screen: 'offline', fresh: false })} data-testid="offline-continue">
            {t('offline.continue')}
          </a>
        )}{' '}
        <a className="btn" href={hrefOf({ screen: 'offline', fresh: true })} data-testid="offline-play">
          {t('offline.play')}
        </a>
      </p>
    </section>
  );
}
