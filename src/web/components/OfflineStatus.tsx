/**
 * The home screen's word on the connection: nothing while the server answers; without it,
 * plainly what still works here and what waits for the server, which comes back by
 * itself (net/reach.ts). What works offline is listed in WORKS_OFFLINE; the way into a
 * game against bots in the page (OfflineEntry) follows it on the home screen.
 */
import { useTranslation } from 'react-i18next';
import type { Reach } from '../net/reach.js';

/** What needs no server once the app is installed (every screen's code is precached). */
const WORKS_OFFLINE = ['network.worksRules', 'network.worksLearn', 'network.worksPrefs'] as const;
/** What only the server can do. */
const NEEDS_SERVER = ['network.needsTables', 'network.needsPublic', 'network.needsReplays'] as const;

export function OfflineStatus({ reach }: { reach: Reach }) {
  const { t } = useTranslation();
  if (reach === 'online') return null;
  return (
    <section
      className="panel offline-status"
      role="status"
      aria-labelledby="offline-title"
      data-testid="offline-status"
    >
      <h2 id="offline-title">{reach === 'offline' ? t('network.offline') : t('network.noServer')}</h2>
      <div className="offline-lists">
        <Column title={t('network.worksTitle')} items={WORKS_OFFLINE} testId="works-offline" />
        <Column title={t('network.needsTitle')} items={NEEDS_SERVER} testId="needs-server" />
      </div>
      <p className="muted small">{t('network.comesBack')}</p>
    </section>
  );
}

function Column({
  title,
  items,
  testId,
}: {
  title: string;
  items: readonly (typeof WORKS_OFFLINE | typeof NEEDS_SERVER)[number][];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <h3>{title}</h3>
      <ul data-testid={testId}>
        {items.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </div>
  );
}
