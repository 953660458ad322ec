/**
 * The players the account blocks (#/account), each with Unblock: their chat reaches the
 * account's devices again from the next message on.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blockedPlayers, unblock } from '../net/account.js';
import { Failure, useFailure } from './account-failure.js';

export function BlockedPlayers() {
  const { t } = useTranslation();
  const { error, busy, attempt } = useFailure();
  const [names, setNames] = useState<readonly string[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the account page opens.
  useEffect(() => void attempt(async () => setNames(await blockedPlayers())), []);

  return (
    <section className="panel" aria-labelledby="blocked-title" data-testid="blocked-players">
      <h2 id="blocked-title">{t('account.blockedTitle')}</h2>
      {names !== null && names.length === 0 && <p className="muted">{t('account.blockedNone')}</p>}
      {names !== null && names.length > 0 && (
        <ul className="blocked-list">
          {names.map((name) => (
            <li key={name}>
              <span>{name}</span>
              <button
                type="button"
                className="btn"
                disabled={busy}
                aria-label={t('account.unblockName', { name })}
                onClick={() =>
                  void attempt(async () => {
                    await unblock(name);
                    setNames((all) => all?.filter((n) => n !== name) ?? null);
                  })
                }
                data-testid="unblock"
              >
                {t('account.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Failure error={error} />
    </section>
  );
}
