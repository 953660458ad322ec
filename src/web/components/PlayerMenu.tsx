/**
 * What a signed-in player can do about another signed-in player from the chat: block
 * them (their chat and reactions stop reaching every device of the account; undone on the
 * account page) or report them to the operators with what happened.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { block, report } from '../net/account.js';
import { Failure, useFailure } from '../screens/account-failure.js';
import { Modal } from './Modal.js';

/** The longest reason the server takes (docs/protocol.md, "Blocks and reports"). */
const MAX_REASON = 500;

export function PlayerMenu({
  username,
  onBlocked,
  onClose,
}: {
  username: string;
  onBlocked: (username: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { error, busy, attempt } = useFailure();
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);

  const blockNow = () =>
    void attempt(async () => {
      await block(username);
      onBlocked(username);
      onClose();
    });
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return;
    void attempt(async () => {
      await report(username, reason.trim());
      setSent(true);
    });
  };

  return (
    <Modal title={t('account.playerOptions', { name: username })} onClose={onClose} testId="player-menu">
      <div className="account-page">
        <p className="muted">{t('account.blockHelp')}</p>
        <button type="button" className="btn wide danger" disabled={busy} onClick={blockNow} data-testid="block-player">
          {t('account.block', { name: username })}
        </button>
        {sent ? (
          <p role="status" data-testid="report-sent">
            {t('account.reportSent')}
          </p>
        ) : (
          <form onSubmit={send} className="report-form">
            <h3>{t('account.reportTitle', { name: username })}</h3>
            <label className="field">
              <span>{t('account.reportReason')}</span>
              <textarea
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={MAX_REASON}
                rows={3}
                required
                data-testid="report-reason"
              />
            </label>
            <button type="submit" className="btn wide" disabled={busy || !reason.trim()} data-testid="report-send">
              {t('account.reportSend')}
            </button>
          </form>
        )}
        <Failure error={error} testId="player-menu-error" />
      </div>
    </Modal>
  );
}
