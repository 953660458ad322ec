/**
 * The mark of a bot account (a program, docs/protocol.md "Bot accounts") beside its name,
 * wherever a name of one is shown: seats, the lobby, the game's end, replays, profiles and
 * histories; nothing for anyone else. Placed right after the name: it brings its own space.
 */
import { useTranslation } from 'react-i18next';

export function BotAccountBadge({ of }: { of: { readonly botAccount?: boolean } | undefined }) {
  const { t } = useTranslation();
  if (!of?.botAccount) return null;
  return (
    <>
      {' '}
      <span className="chip chip-bot" data-testid="bot-account-badge">
        {t('seat.botAccount')}
      </span>
    </>
  );
}
