/**
 * Playing offline against bots (#/offline, #/offline/new): a short setup form, then the
 * same table as online, fed by an offline game in a Web Worker (offline/client.ts)
 * instead of a server connection. #/offline continues the saved game, or offers the form
 * when there is none. Nothing here is rated or sent anywhere.
 */
import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mode, PlayerCount } from '../../engine/index.js';
import type { BotLevel } from '../../protocol/messages.js';
import { LEVELS } from '../../values/index.js';
import {
  CoachField,
  defaultLength,
  LengthField,
  lengthOptions,
  PlayersAndMode,
  SeatChoices,
} from '../components/GameShape.js';
import { seatName } from '../components/names.js';
import { Table } from '../components/Table.js';
import { useTurnAlerts } from '../components/useTurnAlerts.js';
import { errorText } from '../errors.js';
import { OfflineGame, startOffline } from '../offline/client.js';
import type { OfflineSetup } from '../offline/types.js';
import { usePauseMs, usePrefs } from '../prefs.js';
import { useHoldUpdates } from '../pwa/updates.js';
import { hrefOf } from '../router.js';

export function Offline({ fresh }: { fresh: boolean }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new game is saved first, then opened as the saved game is (a reload, a closed tab).
  const start = async (setup: OfflineSetup) => {
    setBusy(true);
    const code = await startOffline(setup);
    setBusy(false);
    if (code !== null) return setError(errorText(t, code));
    if (fresh) location.replace(hrefOf({ screen: 'offline', fresh: false }));
    else setOpened((n) => n + 1);
  };
  const [opened, setOpened] = useState(0);
  if (fresh) return <SetupForm onStart={(s) => void start(s)} busy={busy} error={error} />;
  return <SavedGame key={opened} onNew={(s) => void start(s)} />;
}

/** The saved game at its table; with none saved, the form for a new one. */
function SavedGame({ onNew }: { onNew: (setup: OfflineSetup) => void }) {
  const pause = usePauseMs();
  // Bots move at half the table's animation pause: each card is seen landing.
  const pace = Math.round(pause / 2);
  const [game, setGame] = useState<OfflineGame | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the game is opened once; its pace follows below.
  useEffect(() => {
    const g = new OfflineGame(pace);
    setGame(g);
    return () => g.close();
  }, []);
  useEffect(() => game?.setPace(pace), [game, pace]);
  return game ? <OfflineTable game={game} onNew={onNew} /> : null;
}

function OfflineTable({ game, onNew }: { game: OfflineGame; onNew: (setup: OfflineSetup) => void }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(game.subscribe, game.snapshot);
  const v = state.game?.view;
  // As at a table online (TableScreen): the tab says when it is the player's turn, and a
  // new version of the app waits until the game is over.
  useTurnAlerts(v?.mustAct === true, null);
  useHoldUpdates(v !== undefined && v.phase !== 'over');
  useEffect(() => {
    if (state.missing) location.replace(hrefOf({ screen: 'offline', fresh: true }));
  }, [state.missing]);

  if (state.error) {
    return (
      <main className="page">
        <div className="panel">
          <h1>{t('offline.problem')}</h1>
          <p role="alert">{errorText(t, state.error)}</p>
          <a className="btn" href="#/offline/new">
            {t('offline.newGame')}
          </a>
        </div>
      </main>
    );
  }
  const update = state.game;
  if (!update || !v) return <p className="muted page">{t('common.loading')}</p>;

  return (
    <main className="table-page" data-testid="offline-game">
      <div className="table-bar">
        <span className="chip" title={t('offline.notRatedHelp')} data-testid="offline-chip">
          {t('offline.chip')}
        </span>
        <span className="round-info">
          {t('table.round', { n: v.round + 1 })}
          {v.options.rounds !== undefined
            ? ` / ${v.options.rounds}`
            : ` · ${t('table.target', { target: v.options.targetScore })}`}
        </span>
      </div>
      <Table
        key={update.gameId}
        view={v}
        seats={state.seats}
        arrived={state.arrived}
        onAct={async (action) => {
          const code = await game.act(action);
          return code === null ? null : errorText(t, code);
        }}
        coach={update.setup.coach ? { ask: () => game.hint() } : undefined}
        onRematch={() => onNew(update.setup)}
        gameOverExtra={
          <p>
            <a
              href={hrefOf({ screen: 'replay', gameId: update.gameId, offline: true })}
              data-testid="offline-replay-link"
            >
              {t('offline.replay')}
            </a>{' '}
            · <a href={hrefOf({ screen: 'offline', fresh: true })}>{t('offline.newGame')}</a>
          </p>
        }
      />
    </main>
  );
}

function SetupForm({
  onStart,
  busy,
  error,
}: {
  onStart: (setup: OfflineSetup) => void;
  busy: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const { prefs } = usePrefs();
  const [players, setPlayers] = useState<PlayerCount>(3);
  const [mode, setMode] = useState<Mode>('individual');
  const [length, setLength] = useState(defaultLength(3));
  // A level for every bot seat a game may have; the first players − 1 play.
  const [levels, setLevels] = useState<BotLevel[]>(Array<BotLevel>(5).fill('medium'));
  const [coach, setCoach] = useState(true);

  const choosePlayers = (p: PlayerCount) => {
    setPlayers(p);
    setMode('individual');
    setLength({ ...length, rounds: defaultLength(p).rounds });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const seats: (BotLevel | null)[] = [null, ...levels.slice(0, players - 1)];
    const labels = seats.map((bot) => ({
      name: prefs.name.trim() || t('offline.you'),
      bot,
      connected: true,
      away: false,
    }));
    onStart({
      players,
      mode,
      ...lengthOptions(length),
      levels: seats,
      names: labels.map((_, s) => seatName(labels, s, t)),
      coach,
    });
  };

  return (
    <main className="page">
      <form className="panel create" onSubmit={submit} aria-labelledby="offline-title" data-testid="offline-setup">
        <h1 id="offline-title">{t('offline.title')}</h1>
        <p className="muted">{t('offline.intro')}</p>
        <PlayersAndMode players={players} mode={mode} onPlayers={choosePlayers} onMode={setMode} />
        <LengthField value={length} onChange={setLength} />
        <SeatChoices
          players={players}
          value={levels}
          onChange={setLevels}
          choices={LEVELS.map((l) => ({ value: l, label: t('home.botLevel', { level: t(`bot.${l}`) }) }))}
        />
        <CoachField checked={coach} onChange={setCoach} testId="offline-coach" />
        <p className="muted small">{t('offline.notRated')}</p>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn primary big" disabled={busy} data-testid="offline-start">
          {t('offline.start')}
        </button>
      </form>
    </main>
  );
}
