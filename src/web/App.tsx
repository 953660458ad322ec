/**
 * The app shell: a header with navigation on every screen, and the routed screen. Only
 * the home screen is in the first download; every other screen is fetched on first use
 * (React.lazy), so a first visit loads and starts sooner on a slow phone.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLink } from './components/AccountLink.js';
import { Modal } from './components/Modal.js';
import { BottleIcon } from './components/SeatPanel.js';
import { UpdatePrompt } from './components/UpdatePrompt.js';
import { hrefOf, useRoute } from './router.js';
import { Home } from './screens/Home.js';

const Account = lazy(() => import('./screens/Account.js').then((m) => ({ default: m.Account })));
const DailyResults = lazy(() => import('./screens/DailyResults.js').then((m) => ({ default: m.DailyResults })));
const Duplicate = lazy(() => import('./screens/Duplicate.js').then((m) => ({ default: m.Duplicate })));
const Learn = lazy(() => import('./screens/Learn.js').then((m) => ({ default: m.Learn })));
const Offline = lazy(() => import('./screens/Offline.js').then((m) => ({ default: m.Offline })));
const PlayNowWait = lazy(() => import('./screens/PlayNowWait.js').then((m) => ({ default: m.PlayNowWait })));
const PrefsDialog = lazy(() => import('./screens/PrefsDialog.js').then((m) => ({ default: m.PrefsDialog })));
const Leaderboard = lazy(() => import('./screens/Leaderboard.js').then((m) => ({ default: m.Leaderboard })));
const Profile = lazy(() => import('./screens/Profile.js').then((m) => ({ default: m.Profile })));
const Replay = lazy(() => import('./screens/Replay.js').then((m) => ({ default: m.Replay })));
const Replays = lazy(() => import('./screens/Replays.js').then((m) => ({ default: m.Replays })));
const Rules = lazy(() => import('./screens/Rules.js').then((m) => ({ default: m.Rules })));
const TableScreen = lazy(() => import('./screens/TableScreen.js').then((m) => ({ default: m.TableScreen })));

export function App() {
  const { t, i18n } = useTranslation();
  const route = useRoute();
  const [prefsOpen, setPrefsOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  // The rules dialog belongs to the table it was opened at: going anywhere closes it.
  useEffect(() => {
    const close = () => setRulesOpen(false);
    window.addEventListener('hashchange', close);
    return () => window.removeEventListener('hashchange', close);
  }, []);
  // The tab's title in the player's language (a table turns it into "Your turn" when it is).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language.
  useEffect(() => {
    document.title = t('app.title');
  }, [t, i18n.language]);

  const loading = <p className="muted page">{t('common.loading')}</p>;
  return (
    <>
      <a className="skip" href="#content">
        {t('nav.skip')}
      </a>
      <header className="app-header">
        <a className="brand" href="#/" aria-label={t('nav.home')}>
          <BottleIcon large />
          <span className="brand-name">{t('app.title')}</span>
        </a>
        <nav aria-label={t('nav.label')}>
          {route.screen === 'table' ? (
            // At a table the rules open over it, so reading them does not leave the game.
            <button type="button" className="link" onClick={() => setRulesOpen(true)} data-testid="nav-rules">
              {t('nav.rules')}
            </button>
          ) : (
            <a href="#/rules" aria-current={route.screen === 'rules' ? 'page' : undefined} data-testid="nav-rules">
              {t('nav.rules')}
            </a>
          )}
          <a
            href="#/replays"
            aria-current={route.screen === 'replays' || route.screen === 'replay' ? 'page' : undefined}
            data-testid="nav-replays"
          >
            {t('nav.replay')}
          </a>
          <AccountLink current={route.screen === 'account'} />
          <button
            type="button"
            className="btn icon"
            onClick={() => setPrefsOpen(true)}
            aria-label={t('prefs.title')}
            data-testid="open-prefs"
          >
            <GearIcon />
          </button>
        </nav>
      </header>
      <UpdatePrompt />
      <div id="content">
        <Suspense fallback={loading}>
          {route.screen === 'home' && <Home />}
          {route.screen === 'broken' && <BrokenLink />}
          {route.screen === 'table' && <TableScreen key={route.code} code={route.code} />}
          {route.screen === 'rules' && <Rules />}
          {route.screen === 'learn' && <Learn />}
          {route.screen === 'replays' && <Replays />}
          {route.screen === 'offline' && <Offline key={String(route.fresh)} fresh={route.fresh} />}
          {route.screen === 'account' && <Account />}
          {route.screen === 'daily' && <DailyResults key={route.date} date={route.date} />}
          {route.screen === 'duplicate' && <Duplicate key={hrefOf(route)} code={route.code} table={route.table} />}
          {route.screen === 'player' && <Profile key={route.username} username={route.username} />}
          {route.screen === 'leaderboard' && <Leaderboard key={route.pool} pool={route.pool} />}
          {route.screen === 'play-now' && <PlayNowWait />}
          {route.screen === 'replay' && (
            <Replay
              key={route.gameId ?? ''}
              gameId={route.gameId}
              autoplay={route.autoplay ?? false}
              offline={route.offline ?? false}
              coach={route.coach ?? false}
              daily={route.daily}
            />
          )}
        </Suspense>
      </div>
      <Suspense fallback={null}>
        {prefsOpen && <PrefsDialog onClose={() => setPrefsOpen(false)} />}
        {rulesOpen && (
          <Modal title={t('rules.title')} onClose={() => setRulesOpen(false)} wide testId="rules-dialog">
            <Rules embedded />
          </Modal>
        )}
      </Suspense>
    </>
  );
}

/** An address that cannot be decoded: say so and show the way home, instead of a blank page. */
function BrokenLink() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <div className="panel" data-testid="broken-link">
        <h1>{t('conn.broken')}</h1>
        <p>{t('conn.brokenText')}</p>
        <a className="btn primary" href="#/">
          {t('nav.home')}
        </a>
      </div>
    </main>
  );
}

/** The preferences button's gear, drawn here: "⚙" is an emoji some systems have no font for. */
function GearIcon() {
  return (
    <svg className="gear-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M10.3 2h3.4l.5 2.6 1.6.7 2.2-1.5 2.4 2.4-1.5 2.2.7 1.6 2.4.5v3.4l-2.4.5-.7 1.6 1.5 2.2-2.4 2.4-2.2-1.5-1.6.7-.5 2.6h-3.4l-.5-2.6-1.6-.7-2.2 1.5-2.4-2.4 1.5-2.2-.7-1.6L2 13.7v-3.4l2.6-.5.7-1.6-1.5-2.2 2.4-2.4 2.2 1.5 1.6-.7zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z"
      />
    </svg>
  );
}
