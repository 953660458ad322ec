/**
 * Home: play now with strangers (PlayNowCard), create a table (players, mode, length,
 * bots, public or private, coach on or off), join one with a code, pick a public table that is waiting for players, return to a
 * table where this browser holds a seat, play the daily deal, or play offline against
 * bots. Without the server the online parts wait, and OfflineStatus says what works
 * meanwhile; they come back by themselves when it answers again.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mode, PlayerCount } from '../../engine/index.js';
import type { BotLevel, TableSummary, TurnClock } from '../../protocol/messages.js';
import { LEVELS } from '../../values/index.js';
import { Card } from '../components/Card.js';
import { ClockField } from '../components/clock.js';
import { DailyCard } from '../components/DailyCard.js';
import { DuplicateCard } from '../components/DuplicateCard.js';
import {
  CoachField,
  defaultLength,
  LengthField,
  lengthOptions,
  PlayersAndMode,
  SeatChoices,
} from '../components/GameShape.js';
import { OfflineEntry } from '../components/OfflineEntry.js';
import { OfflineStatus } from '../components/OfflineStatus.js';
import { PlayNowCard } from '../components/PlayNowCard.js';
import { BottleIcon } from '../components/SeatPanel.js';
import { errorText } from '../errors.js';
import { ApiError, createTable, listTables } from '../net/api.js';
import { savePendingBots } from '../net/pending.js';
import { useReach } from '../net/reach.js';
import { saveSession } from '../net/session.js';
import { usePrefs } from '../prefs.js';
import { hrefOf, navigate } from '../router.js';
import { MyTables } from './MyTables.js';

type Seat = 'open' | BotLevel;

export function Home() {
  const { t } = useTranslation();
  const { prefs, setPrefs } = usePrefs();
  const [players, setPlayers] = useState<PlayerCount>(4);
  const [mode, setMode] = useState<Mode>('individual');
  const [length, setLength] = useState(defaultLength(4));
  const [isPublic, setPublic] = useState(false);
  // The clock follows the seats too until the host sets it: none against bots only, who
  // never wait for a turn, so a long pause never hands a bot the player's game.
  const [clockChoice, setTurnClock] = useState<TurnClock | null>(null);
  // The coach follows the seats until the host sets it: on when every other seat is a bot.
  const [coachChoice, setCoach] = useState<boolean | null>(null);
  const [rated, setRated] = useState(false);
  const [others, setOthers] = useState<Seat[]>(['medium', 'medium', 'medium', 'medium', 'medium']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [tables, setTables] = useState<TableSummary[] | null>(null);
  const reach = useReach();
  const online = reach === 'online';

  // Loaded again at once when the network comes back (`online` turns true).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list follows the connection.
  useEffect(() => {
    let live = true;
    const load = () =>
      listTables().then(
        (list) => live && setTables(list.filter((tb) => tb.status === 'lobby')),
        () => live && setTables([]),
      );
    void load();
    const id = setInterval(load, 5000);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [online]);

  const choosePlayers = (p: PlayerCount) => {
    setPlayers(p);
    setMode('individual');
    setLength({ ...length, rounds: defaultLength(p).rounds });
  };

  const botsOnly = others.slice(0, players - 1).every((o) => o !== 'open');
  // A rated table plays with the coach off and a clock of normal or fast (docs/ratings.md).
  const coach = !rated && (coachChoice ?? botsOnly);
  const chosenClock = clockChoice ?? (botsOnly ? 'off' : 'normal');
  const turnClock = rated && (chosenClock === 'off' || chosenClock === 'relaxed') ? 'normal' : chosenClock;

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const name = prefs.name.trim();
    if (!name) return setError(t('home.needName'));
    setBusy(true);
    setError(null);
    try {
      const reply = await createTable(name, {
        players,
        mode,
        public: isPublic,
        turnClock,
        coach,
        rated,
        ...lengthOptions(length),
      });
      saveSession(reply.code, { seat: reply.seat, token: reply.token });
      const bots = others
        .slice(0, players - 1)
        .flatMap((level, i) => (level === 'open' ? [] : [{ seat: (reply.seat + 1 + i) % players, level }]));
      savePendingBots(reply.code, bots);
      navigate({ screen: 'table', code: reply.code });
    } catch (err) {
      setError(err instanceof ApiError ? errorText(t, err.code) : String(err));
      setBusy(false);
    }
  };

  const join = (e: FormEvent) => {
    e.preventDefault();
    const clean = code.trim().toUpperCase();
    if (clean) navigate({ screen: 'table', code: clean });
  };

  return (
    <main className="home page" data-testid="home">
      <section className="hero">
        <div className="hero-fan" aria-hidden="true">
          {[15, 24, 17, 32].map((r) => (
            <Card key={r} rank={r} size="small" />
          ))}
          <BottleIcon large />
        </div>
        <h1>{t('app.title')}</h1>
        <p className="tagline">{t('home.tagline')}</p>
        <p className="learn-invite">
          <a className="btn" href="#/learn" data-testid="learn-start">
            {t('learn.homeButton')}
          </a>{' '}
          <span className="muted small">{t('learn.homeText')}</span>
        </p>
      </section>

      <MyTables />
      <PlayNowCard online={online} />
      <DailyCard online={online} />
      <DuplicateCard online={online} />
      <OfflineStatus reach={reach} />
      <OfflineEntry />

      <div className="home-grid">
        <form className="panel create" onSubmit={create} aria-labelledby="create-title">
          <h2 id="create-title">{t('home.create')}</h2>
          <label className="field">
            <span>{t('home.name')}</span>
            <input
              value={prefs.name}
              onChange={(e) => setPrefs({ name: e.target.value.slice(0, 24) })}
              maxLength={24}
              autoComplete="nickname"
              required
              data-testid="name"
            />
          </label>
          <PlayersAndMode players={players} mode={mode} onPlayers={choosePlayers} onMode={setMode} />
          <LengthField value={length} onChange={setLength} />
          <SeatChoices
            players={players}
            value={others}
            onChange={setOthers}
            choices={[
              { value: 'open', label: t('home.openSeat') },
              ...LEVELS.map((l) => ({ value: l, label: t('home.botLevel', { level: t(`bot.${l}`) }) })),
            ]}
          />
          <ClockField value={turnClock} onChange={setTurnClock} className="field" testId="clock-choice" />
          <label className="check">
            <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />{' '}
            {t('home.public')}
          </label>
          <label className="check" title={t('ratings.ratedHelp')}>
            <input
              type="checkbox"
              checked={rated}
              onChange={(e) => setRated(e.target.checked)}
              data-testid="create-rated"
            />{' '}
            {t('ratings.rated')}
          </label>
          {rated ? (
            <p className="muted small">{t('ratings.ratedHelp')}</p>
          ) : (
            <CoachField checked={coach} onChange={setCoach} testId="create-coach" />
          )}
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn primary big" disabled={busy || !online} data-testid="create">
            {t('home.createButton')}
          </button>
        </form>

        <div className="stack">
          <form className="panel" onSubmit={join} aria-labelledby="join-title">
            <h2 id="join-title">{t('home.join')}</h2>
            <div className="inline">
              <input
                value={code}
                onChange={(e) => setCode(e.target.value)}
                placeholder={t('home.codePlaceholder')}
                aria-label={t('home.code')}
                maxLength={16}
                autoCapitalize="characters"
                data-testid="join-code"
              />
              <button type="submit" className="btn" disabled={!online}>
                {t('home.joinButton')}
              </button>
            </div>
          </form>
          <section className="panel" aria-labelledby="public-title">
            <h2 id="public-title">{t('home.publicTables')}</h2>
            {!online ? (
              <p className="muted">{t('network.needsServerHere')}</p>
            ) : tables === null ? (
              <p className="muted">{t('common.loading')}</p>
            ) : tables.length === 0 ? (
              <p className="muted">{t('home.noTables')}</p>
            ) : (
              <ul className="table-list">
                {tables.map((tb) => (
                  <li key={tb.code}>
                    <a href={`#/t/${tb.code}`}>
                      <strong>{tb.code}</strong> ·{' '}
                      {t('home.tableLine', {
                        players: tb.options.players,
                        taken: tb.seats.filter((s) => s.name !== null).length,
                      })}{' '}
                      · {tb.seats.find((s) => s.seat === tb.host)?.name ?? ''}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="panel">
            <h2>{t('home.more')}</h2>
            <p>
              <a href="#/rules">{t('nav.rules')}</a> · <a href="#/replays">{t('nav.replay')}</a> ·{' '}
              <a href={hrefOf({ screen: 'leaderboard', pool: '4p' })} data-testid="leaderboard-link">
                {t('ratings.leaderboard')}
              </a>
            </p>
          </section>
        </div>
      </div>
    </main>
  );
}
