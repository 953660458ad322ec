/**
 * Signing in and making an account (#/account while signed out). A passkey comes first,
 * a password as well. Every refusal is shown in the player's words for its code; a
 * passkey ceremony the player closes says so, without blame.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signIn, signInWithPasskey, signUp, signUpWithPasskey } from '../net/account.js';
import { refreshMe } from '../net/me.js';
import { Failure, useFailure } from './account-failure.js';

/**
 * `embedded`: inside another screen's dialog (a fresh sign-in before deleting the
 * account), without the page around it and without making an account.
 */
export function SignIn({ onSignedIn, embedded = false }: { onSignedIn?: () => void; embedded?: boolean }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { error, busy, attempt, refuse } = useFailure();

  // Each way in ends the same: ask who is signed in now, so every screen knows.
  const enter = (run: () => Promise<unknown>) =>
    attempt(async () => {
      await run();
      await refreshMe();
      onSignedIn?.();
    });

  const withPassword = (e: FormEvent) => {
    e.preventDefault();
    void enter(() => (creating ? signUp(username.trim(), password) : signIn(username.trim(), password)));
  };
  const withPasskey = () => {
    // A passkey account needs its name first; the server would refuse it the same way.
    if (creating && !username.trim()) return refuse('ERR_BAD_USERNAME');
    void enter(() => (creating ? signUpWithPasskey(username.trim()) : signInWithPasskey()));
  };

  const nameField = (
    <label className="field">
      <span>{t('account.username')}</span>
      <input
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        autoComplete={creating ? 'username' : 'username webauthn'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        required
        aria-describedby={creating ? 'username-help' : undefined}
        data-testid="account-username"
      />
      {creating && (
        <small id="username-help" className="muted">
          {t('account.usernameHelp')}
        </small>
      )}
    </label>
  );

  const body = (
    <>
      {creating && nameField}
      <button
        type="button"
        className="btn primary big wide"
        disabled={busy}
        onClick={withPasskey}
        data-testid={creating ? 'passkey-sign-up' : 'passkey-sign-in'}
      >
        {creating ? t('account.createPasskey') : t('account.signInPasskey')}
      </button>
      <p className="muted small">{t('account.passkeyHelp')}</p>
      <form onSubmit={withPassword} className="account-password" aria-label={t('account.orPassword')}>
        <h2>{t('account.orPassword')}</h2>
        {!creating && nameField}
        <label className="field">
          <span>{t('account.password')}</span>
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete={creating ? 'new-password' : 'current-password'}
            minLength={creating ? 10 : undefined}
            maxLength={256}
            required
            data-testid="account-password"
          />
        </label>
        <button type="submit" className="btn wide" disabled={busy} data-testid="password-submit">
          {creating ? t('account.createPassword') : t('account.signInPassword')}
        </button>
      </form>
      <Failure error={error} testId="account-error" />
    </>
  );
  if (embedded) return body;
  return (
    <main className="page account-page" data-testid="sign-in">
      <div className="panel">
        <h1>{creating ? t('account.createTitle') : t('account.signInTitle')}</h1>
        <p className="muted">{t('account.why')}</p>
        {body}
        <button type="button" className="btn wide" onClick={() => setCreating(!creating)} data-testid="account-switch">
          {creating ? t('account.haveAccount') : t('account.noAccount')}
        </button>
      </div>
    </main>
  );
}
