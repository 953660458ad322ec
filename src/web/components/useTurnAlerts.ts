/**
 * "Your turn", even from another tab: while it is the player's turn the tab's title says
 * so and the favicon gets a red dot; when the turn comes, the alerts the player switched
 * on in Preferences (all off by default): a short tone, a vibration, and a browser
 * notification if the tab is hidden and notifications are allowed.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefs } from '../prefs.js';

/** The favicon of index.html with a red dot in its corner. */
const TURN_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Cpath d='M13 3h6v7l4 5v13a2 2 0 0 1-2 2H11a2 2 0 0 1-2-2V15l4-5z' fill='%23d9a441'/%3E%3Ccircle cx='24' cy='8' r='7' fill='%23e0342c'/%3E%3C/svg%3E";

/** `code`: the table's, or null for a game against bots on this device (screens/Offline.tsx). */
export function useTurnAlerts(myTurn: boolean, code: string | null): void {
  const { t } = useTranslation();
  const { prefs } = usePrefs();
  const alerts = useRef(prefs);
  alerts.current = prefs;

  useEffect(() => {
    if (!myTurn) return;
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    const plainIcon = icon?.href;
    const plainTitle = document.title;
    document.title = t('app.yourTurn');
    if (icon) icon.href = TURN_ICON;
    const { sound, vibrate, notify } = alerts.current;
    if (sound) beep();
    if (vibrate && typeof navigator.vibrate === 'function') navigator.vibrate(200);
    if (notify && document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      const note = new Notification(t('turn.notifyTitle'), {
        body: code === null ? t('turn.notifyOffline') : t('turn.notifyBody', { code }),
        tag: `bottle-imp-${code ?? 'offline'}`,
      });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    }
    return () => {
      document.title = plainTitle;
      if (icon && plainIcon) icon.href = plainIcon;
    };
  }, [myTurn, code, t]);
}

/** A soft two-note chime from the Web Audio API (no sound file to download). */
function beep(): void {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    for (const [i, freq] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      tone.frequency.value = freq;
      tone.connect(gain);
      tone.start(audio.currentTime + i * 0.12);
      tone.stop(audio.currentTime + 0.4);
    }
    setTimeout(() => void audio.close(), 600);
  } catch {
    // No audio here (or not allowed before the page was touched): the other alerts remain.
  }
}
