/** The app shell: a header with navigation on every screen, and the routed screen. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './components/Modal.js';
import { BottleIcon } from './components/SeatPanel.js';
import { useRoute } from './router.js';
import { Home } from './screens/Home.js';
import { Learn } from './screens/Learn.js';
import { PrefsDialog } from './screens/PrefsDialog.js';
import { Replay } from './screens/Replay.js';
import { Rules } from './screens/Rules.js';
import { TableScreen } from './screens/TableScreen.js';

export function App() {
  const { t } = useTranslation();
  const route = useRoute();
  const [prefsOpen, setPrefsOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  // The rules dialog belongs to the table it was opened at: going anywhere closes it.
  useEffect(() => {
    const close = () => setRulesOpen(false);
    window.addEventListener('hashchange', close);
    return () => window.removeEventListener('hashchange', close);
  }, []);

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
          <a href="#/replay" aria-current={route.screen === 'replay' ? 'page' : undefined}>
            {t('nav.replay')}
          </a>
          <button
            type="button"
            className="btn icon"
            onClick={() => setPrefsOpen(true)}
            aria-label={t('prefs.title')}
            data-testid="open-prefs"
          >
            ⚙
          </button>
        </nav>
      </header>
      <div id="content">
        {route.screen === 'home' && <Home />}
        {route.screen === 'table' && <TableScreen key={route.code} code={route.code} />}
        {route.screen === 'rules' && <Rules />}
        {route.screen === 'learn' && <Learn />}
        {route.screen === 'replay' && <Replay key={route.gameId ?? ''} gameId={route.gameId} />}
      </div>
      {prefsOpen && <PrefsDialog onClose={() => setPrefsOpen(false)} />}
      {rulesOpen && (
        <Modal title={t('rules.title')} onClose={() => setRulesOpen(false)} wide testId="rules-dialog">
          <Rules embedded />
        </Modal>
      )}
    </>
  );
}
