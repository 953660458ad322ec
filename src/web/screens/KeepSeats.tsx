/**
 * After signing in or up: the seats this browser holds as a guest (their tokens in local
 * storage) that the account does not hold yet, offered to be kept in the account
 * (POST /api/me/seats), so every device signed in to it takes them. What is left to
 * offer is worked out from the server's list of the account's tables, so the offer is
 * gone once they moved, on any device, with nothing more to remember here.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors.js';
import { accountTables, keepSeats } from '../net/account.js';
import { heldTables, loadSession } from '../net/session.js';
import { Failure, useFailure } from './account-failure.js';

/** At most this many seats move in one request (the server's limit). */
const MAX_SEATS = 20;

export function KeepSeats() {
  const { t } = useTranslation();
  const [offered, setOffered] = useState<string[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [moved, setMoved] = useState(0);
  const { error, busy, attempt } = useFailure();

  const load = () =>
    accountTables().then(
      (tables) => {
        const mine = new Set(tables.map((tb) => tb.code));
        setOffered(heldTables().filter((code) => !mine.has(code)));
      },
      // Without the account's list there is nothing sure to offer.
      () => setOffered([]),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the account page opens.
  useEffect(() => void load(), []);

  const keep = () =>
    attempt(async () => {
      const seats = offered.slice(0, MAX_SEATS).flatMap((code) => {
        const session = loadSession(code);
        return session ? [{ code, token: session.token }] : [];
      });
      const reply = await keepSeats(seats);
      setMoved(reply.moved.length);
      setRefused(reply.refused.map((r) => `${r.code}: ${errorText(t, r.error)}`));
      await load();
    });

  if (offered.length === 0 && moved === 0) return null;
  return (
    <section className="panel" aria-labelledby="keep-title" data-testid="keep-seats">
      <h2 id="keep-title">{t('account.keepTitle')}</h2>
      {moved > 0 && <p data-testid="keep-moved">{t('account.kept', { count: moved })}</p>}
      {offered.length > 0 && (
        <>
          <p>{t('account.keepText', { count: offered.length, codes: offered.join(', ') })}</p>
          <button
            type="button"
            className="btn primary wide"
            disabled={busy}
            onClick={() => void keep()}
            data-testid="keep-seats-button"
          >
            {t('account.keepButton', { count: offered.length })}
          </button>
        </>
      )}
      {refused.map((line) => (
        <p key={line} className="error">
          {line}
        </p>
      ))}
      <Failure error={error} />
    </section>
  );
}
