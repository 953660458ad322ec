/**
 * One account action at a time, and what went wrong in the player's words: the server's
 * code (errors.ts), or why a passkey ceremony stopped in the browser.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type ShownErrorCode } from '../errors.js';
import { PasskeyError } from '../net/account.js';
import { ApiError } from '../net/api.js';

export function useFailure() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const attempt = async (run: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await run();
      return true;
    } catch (e) {
      setError(
        e instanceof ApiError
          ? errorText(t, e.code)
          : e instanceof PasskeyError
            ? t(`account.passkey.${e.reason}`)
            : String(e),
      );
      return false;
    } finally {
      setBusy(false);
    }
  };
  const refuse = (code: ShownErrorCode) => setError(errorText(t, code));
  return { error, busy, attempt, refuse };
}

/** What went wrong, read out as it appears; nothing while all is well. */
export function Failure({ error, testId }: { error: string | null; testId?: string }) {
  if (!error) return null;
  return (
    <p className="error" role="alert" data-testid={testId}>
      {error}
    </p>
  );
}
