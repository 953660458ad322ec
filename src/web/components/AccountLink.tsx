/**
 * The header's account button: who is signed in (their initial, the name for screen
 * readers and as a tooltip) or, for a guest, a figure that leads to signing in. Both open
 * #/account. It is a small icon, so the header keeps its one row on a 360 px phone.
 */
import { useTranslation } from 'react-i18next';
import { useMe } from '../net/me.js';
import { hrefOf } from '../router.js';

export function AccountLink({ current }: { current: boolean }) {
  const { t } = useTranslation();
  const me = useMe();
  const label = me ? t('account.signedInAs', { name: me.username }) : t('account.signInTitle');
  return (
    <a
      className="btn icon account-link"
      href={hrefOf({ screen: 'account' })}
      aria-label={label}
      title={label}
      aria-current={current ? 'page' : undefined}
      data-testid="account-link"
      data-signed-in={me ? 'yes' : 'no'}
    >
      {me ? (
        <span className="account-initial" aria-hidden="true">
          {me.username.slice(0, 1).toUpperCase()}
        </span>
      ) : (
        <svg className="gear-icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path fill="currentColor" d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" />
        </svg>
      )}
    </a>
  );
}
