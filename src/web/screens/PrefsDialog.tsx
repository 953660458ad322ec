/** Preferences: card style, sort order, animation speed, tap to play, language and turn alerts. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../components/Modal.js';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n.js';
import { CARD_STYLES, type Prefs, SORT_ORDERS, SPEEDS, TAP_MODES, usePrefs } from '../prefs.js';

export function PrefsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { prefs, setPrefs } = usePrefs();
  const [blocked, setBlocked] = useState(false);
  const choice = <K extends keyof Prefs>(key: K, options: readonly Prefs[K][], label: (o: Prefs[K]) => string) => (
    <fieldset className="field">
      <legend>{t(`prefs.${key}`)}</legend>
      <div className="segmented">
        {options.map((o) => (
          <label key={String(o)} className={prefs[key] === o ? 'on' : undefined}>
            <input
              type="radio"
              name={key}
              checked={prefs[key] === o}
              onChange={() => setPrefs({ [key]: o } as Partial<Prefs>)}
              data-testid={`pref-${key}-${String(o)}`}
            />
            {label(o)}
          </label>
        ))}
      </div>
    </fieldset>
  );
  const toggle = (key: 'sound' | 'vibrate' | 'notify', onChange = (on: boolean) => setPrefs({ [key]: on })) => (
    <label className="check">
      <input
        type="checkbox"
        checked={prefs[key]}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={`pref-${key}`}
      />{' '}
      {t(`prefs.${key}`)}
    </label>
  );
  // The browser asks for permission only here, when the player turns notifications on.
  const setNotify = async (on: boolean) => {
    setBlocked(false);
    if (!on) return setPrefs({ notify: false });
    const allowed = typeof Notification !== 'undefined' && (await Notification.requestPermission()) === 'granted';
    setPrefs({ notify: allowed });
    setBlocked(!allowed);
  };
  return (
    <Modal title={t('prefs.title')} onClose={onClose} testId="prefs">
      {choice('cardStyle', CARD_STYLES, (o) => t(`prefs.style.${o}`))}
      {choice('sort', SORT_ORDERS, (o) => t(`prefs.sortBy.${o}`))}
      {choice('speed', SPEEDS, (o) => t(`prefs.speeds.${o}`))}
      {choice('tap', TAP_MODES, (o) => t(`prefs.taps.${o}`))}
      {choice('language', LANGUAGES, (o) => LANGUAGE_NAMES[o])}
      <fieldset className="field">
        <legend>{t('prefs.turnAlerts')}</legend>
        {toggle('sound')}
        {toggle('vibrate')}
        {toggle('notify', (on) => void setNotify(on))}
        {blocked && (
          <p className="error" role="alert">
            {t('prefs.notifyBlocked')}
          </p>
        )}
      </fieldset>
    </Modal>
  );
}
