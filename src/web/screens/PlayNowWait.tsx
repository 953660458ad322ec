/**
 * Waiting for a Play now match: how many wait for the same game, how long this player has
 * waited, and Cancel. The ticket is followed over a connection of its own; once it is
 * seated the table opens (a guest's seat token kept like any table's). A ticket the server
 * no longer has (it ran out) offers to queue again from the home screen.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../components/clock.js';
import { errorText, type ShownErrorCode } from '../errors.js';
import { cancelPlayNow, followTicket, forgetTicket, heldTicket, type MatchWaiting } from '../net/play-now.js';
import { navigate } from '../router.js';

export function PlayNowWait() {
  const { t } = useTranslation();
  const [ticket] = useState(heldTicket);
  const [waiting, setWaiting] = useState<MatchWaiting | null>(null);
  const [refused, setRefused] = useState<ShownErrorCode | null>(null);
  const [online, setOnline] = useState(true);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    if (ticket === null) return;
    return followTicket(ticket, {
      waiting: setWaiting,
      found: (m) => navigate({ screen: 'table', code: m.code }),
      refused: (code) => {
        forgetTicket();
        setRefused(code);
      },
      connected: setOnline,
    });
  }, [ticket]);

  const cancel = async () => {
    setCancelling(true);
    // Gone already (matched or run out): there is nothing left to leave.
    if (ticket !== null) await cancelPlayNow(ticket).catch(() => undefined);
    navigate({ screen: 'home' });
  };

  if (ticket === null || refused !== null)
    return (
      <main className="page play-now-wait" data-testid="play-now-wait">
        <section className="panel">
          <h1>{t('playNow.title')}</h1>
          <p role="alert">{errorText(t, refused ?? 'ERR_NO_TICKET')}</p>
          <a className="btn primary big" href="#/" data-testid="play-now-again">
            {t('playNow.again')}
          </a>
        </section>
      </main>
    );

  return (
    <main className="page play-now-wait" data-testid="play-now-wait">
      <section className="panel" aria-live="polite">
        <h1>{t('playNow.waitingTitle')}</h1>
        <p data-testid="play-now-queue">{t('playNow.queue', { count: waiting?.waiting ?? 1 })}</p>
        <p className="muted" data-testid="play-now-waited">
          {t('playNow.waited', { time: formatClock(waiting?.seconds ?? 0) })}
        </p>
        {!online && <p className="muted small">{t('playNow.offline')}</p>}
        <button
          type="button"
          className="btn big"
          onClick={() => void cancel()}
          disabled={cancelling}
          data-testid="play-now-cancel"
        >
          {t('playNow.cancel')}
        </button>
      </section>
    </main>
  );
}
