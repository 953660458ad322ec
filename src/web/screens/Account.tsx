/**
 * The account (#/account): signed out, the way in (SignIn); signed in, who it is, its
 * passkeys (add one), the players it blocks (unblock them), its data (download it),
 * signing out here or on every device, and deleting the account, which asks for a fresh
 * sign-in first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../components/download.js';
import { Modal } from '../components/Modal.js';
import { addPasskey, deleteMe, exportMe, type Me, signOut, signOutEverywhere } from '../net/account.js';
import { ApiError } from '../net/api.js';
import { forgetMe, refreshMe, useMe } from '../net/me.js';
import { hrefOf } from '../router.js';
import { Failure, useFailure } from './account-failure.js';
import { BlockedPlayers } from './BlockedPlayers.js';
import { KeepSeats } from './KeepSeats.js';
import { SignIn } from './SignIn.js';

export function Account() {
  const { t } = useTranslation();
  const me = useMe();
  if (me === undefined) return <p className="muted page">{t('common.loading')}</p>;
  if (me === null) return <SignIn />;
  return <Settings me={me} />;
}

function Settings({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const { error, busy, attempt } = useFailure();
  const [deleting, setDeleting] = useState(false);
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(me.createdAt);

  /** One of the page's buttons: one action at a time, its failure shown below them. */
  const action = (testId: string, label: string, run: () => Promise<unknown>) => (
    <button
      type="button"
      className="btn wide"
      disabled={busy}
      onClick={() => void attempt(async () => void (await run()))}
      data-testid={testId}
    >
      {label}
    </button>
  );

  return (
    <main className="page account-page" data-testid="account">
      <KeepSeats />
      <section className="panel" aria-labelledby="account-title">
        <h1 id="account-title" data-testid="account-name">
          {me.username}
        </h1>
        <p className="muted">{t('account.since', { date: since })}</p>
        <a className="btn wide" href={hrefOf({ screen: 'player', username: me.username })} data-testid="my-profile">
          {t('account.profile')}
        </a>
      </section>
      <section className="panel" aria-labelledby="passkeys-title">
        <h2 id="passkeys-title">{t('account.passkeysTitle')}</h2>
        <p data-testid="passkey-count">{t('account.passkeys', { count: me.passkeys })}</p>
        {action('add-passkey', t('account.addPasskey'), () => addPasskey().then(refreshMe))}
      </section>
      <BlockedPlayers />
      <section className="panel" aria-labelledby="data-title">
        <h2 id="data-title">{t('account.dataTitle')}</h2>
        {action('export-data', t('account.export'), async () =>
          downloadText(`bottle-imp-${me.username}.json`, await exportMe()),
        )}
        <button
          type="button"
          className="btn wide danger"
          onClick={() => setDeleting(true)}
          data-testid="delete-account"
        >
          {t('account.delete')}
        </button>
      </section>
      <section className="panel" aria-labelledby="sign-out-title">
        <h2 id="sign-out-title">{t('account.signOutTitle')}</h2>
        {action('sign-out', t('account.signOut'), () => signOut().then(forgetMe))}
        {action('sign-out-everywhere', t('account.signOutEverywhere'), () => signOutEverywhere().then(forgetMe))}
      </section>
      <Failure error={error} testId="account-error" />
      {deleting && <DeleteAccount onClose={() => setDeleting(false)} />}
    </main>
  );
}

/**
 * Deleting asks twice: a confirmation, and, unless the player signed in within the last
 * minutes (else the server answers ERR_SIGN_IN_AGAIN), a fresh sign-in in the dialog, by
 * passkey or password, after which it deletes: only the person, not an unlocked device
 * left lying about, can delete the account.
 */
function DeleteAccount({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { error, busy, attempt } = useFailure();
  const [again, setAgain] = useState(false);

  const remove = () =>
    attempt(async () => {
      try {
        await deleteMe();
      } catch (e) {
        if (e instanceof ApiError && e.code === 'ERR_SIGN_IN_AGAIN') return setAgain(true);
        throw e;
      }
      forgetMe();
    });

  return (
    <Modal title={t('account.deleteTitle')} onClose={onClose} testId="delete-dialog">
      <div className="account-page">
        <p>{t('account.deleteText')}</p>
        {again ? (
          <>
            <p>{t('account.deleteAgain')}</p>
            <SignIn embedded onSignedIn={() => void remove()} />
          </>
        ) : (
          <button
            type="button"
            className="btn wide danger"
            disabled={busy}
            onClick={() => void remove()}
            data-testid="delete-confirm"
          >
            {t('account.deleteConfirm')}
          </button>
        )}
        <Failure error={error} />
        <button type="button" className="btn wide" onClick={onClose}>
          {t('account.keep')}
        </button>
      </div>
    </Modal>
  );
}
