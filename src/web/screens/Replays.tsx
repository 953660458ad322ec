/**
 * The Replays page (#/replays): the finished games of the tables this browser sat at
 * (the server lists each table's finished games), the games played offline in this
 * browser (offline/store.ts, read here, never sent), and any finished game by its link or
 * id. Each has a share link, a download of its bottle-imp/1 record and "Watch" (the
 * viewer playing by itself). The viewer itself, with a record file, is #/replay.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { view } from '../../engine/index.js';
import { gameFromRecord, parseRecord } from '../../record/index.js';
import { BotAccountBadge } from '../components/BotAccountBadge.js';
import { downloadRecord } from '../components/download.js';
import { seatName } from '../components/names.js';
import { errorText } from '../errors.js';
import { namedSeats } from '../game/model.js';
import { ApiError, type FinishedGame, finishedGames, getRecord } from '../net/api.js';
import { forgetTable, playedTables } from '../net/session.js';
import { formatInteger } from '../numbers.js';
import { listFinished } from '../offline/store.js';
import type { FinishedOffline } from '../offline/types.js';
import { absoluteLink, hrefOf, navigate, parseRoute, type Route } from '../router.js';

interface Listed extends Omit<FinishedGame, 'botAccounts'> {
  /** A server's game: per seat, whether a bot account held it (an offline game has none). */
  readonly botAccounts?: readonly boolean[];
  readonly table: string | null;
  /** A game played offline, as this browser keeps it. */
  readonly offline?: FinishedOffline;
}

export function Replays() {
  const { t } = useTranslation();
  const [games, setGames] = useState<Listed[] | null>(null);
  const [link, setLink] = useState('');

  useEffect(() => {
    let live = true;
    void Promise.all([
      ...playedTables().map((code) =>
        finishedGames(code).then(
          (list) => list.map((g) => ({ ...g, table: code })),
          (e: unknown) => {
            if (e instanceof ApiError && e.code === 'ERR_NO_TABLE') forgetTable(code);
            return [];
          },
        ),
      ),
      listFinished().then(
        (list) => list.map((g) => ({ ...g, table: null, offline: g })),
        // Without IndexedDB (storage off) there are no offline games to list.
        () => [],
      ),
    ]).then((lists) => live && setGames(lists.flat().sort((a, b) => b.finishedAt - a.finishedAt)));
    return () => {
      live = false;
    };
  }, []);

  // A pasted link (…#/replay/ID) or a bare id opens that game in the viewer.
  const open = (e: FormEvent) => {
    e.preventDefault();
    const text = link.trim();
    if (!text) return;
    const hash = text.includes('#') ? text.slice(text.indexOf('#')) : `#/replay/${encodeURIComponent(text)}`;
    const route = parseRoute(hash);
    if (route.screen === 'replay' && route.gameId) navigate(route);
  };

  return (
    <main className="page replays-page" data-testid="replays">
      <div className="panel">
        <h1>{t('replays.title')}</h1>
        <p className="muted">{t('replays.intro')}</p>
        {games === null ? (
          <p className="muted">{t('common.loading')}</p>
        ) : games.length === 0 ? (
          <p className="muted" data-testid="replays-none">
            {t('replays.none')}
          </p>
        ) : (
          <ul className="replay-list">
            {games.map((g) => (
              <ReplayEntry key={g.id} game={g} />
            ))}
          </ul>
        )}
      </div>
      <div className="panel">
        <form className="inline" onSubmit={open}>
          <input
            value={link}
            onChange={(e) => setLink(e.target.value)}
            placeholder={t('replays.byLink')}
            aria-label={t('replays.byLink')}
            data-testid="replay-link-input"
          />
          <button type="submit" className="btn">
            {t('replays.open')}
          </button>
        </form>
        <p>
          <a href={hrefOf({ screen: 'replay', gameId: null })} data-testid="open-record-file">
            {t('replays.openFile')}
          </a>
        </p>
      </div>
    </main>
  );
}

function ReplayEntry({ game }: { game: Listed }) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offline = game.offline;
  const route: Route = offline
    ? { screen: 'replay', gameId: game.id, offline: true }
    : { screen: 'replay', gameId: game.id };
  const link = absoluteLink(route);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    game.finishedAt,
  );

  const result = useResult(game.id, offline);
  const seats = namedSeats(game.names, game.bots, game.botAccounts);
  const label = (s: number) => seatName(seats, s, t);

  const share = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setError(t('lobby.copyFailed'));
    }
  };
  // The record comes from the server as it is stored, saved under the game's id.
  const download = async () => {
    try {
      downloadRecord(game.id, offline ? offline.record : await getRecord(game.id));
    } catch (e) {
      setError(e instanceof ApiError ? errorText(t, e.code) : String(e));
    }
  };

  return (
    <li className="replay-entry" data-testid={`replay-${game.id}`}>
      <div>
        <strong>
          {game.names.map((_, s) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a game's seats are fixed, numbered from 0.
            <span key={s}>
              {s > 0 && ', '}
              {label(s)}
              <BotAccountBadge of={seats[s]} />
            </span>
          ))}
        </strong>
        <span className="muted small">
          {' '}
          · {game.table ? `${t('replays.table', { code: game.table })} · ` : ''}
          {offline ? `${t('offline.chip')} · ` : ''}
          {t('replays.finished', { when })}
        </span>
        {result && (
          <p className="replay-result small" data-testid="replay-result">
            {t('replays.won', {
              names: result.winners.map(label).join(', '),
              count: result.winners.length,
            })}{' '}
            <span className="muted">
              {result.totals
                .map((total, s) => t('replays.score', { who: label(s), total: formatInteger(total) }))
                .join(' · ')}
            </span>
          </p>
        )}
      </div>
      <div className="actions">
        <a
          className="btn primary small"
          href={hrefOf({ ...route, autoplay: true } as Route)}
          data-testid="replay-watch"
        >
          {t('replays.watch')}
        </a>
        <a className="btn small" href={hrefOf(route)} data-testid="replay-view">
          {t('replays.view')}
        </a>
        {/* An offline game is kept in this browser only: a link to it would open nothing elsewhere. */}
        {!offline && (
          <button type="button" className="btn small" onClick={() => void share()} data-testid="replay-share">
            {copied ? t('replays.copied') : t('replays.share')}
          </button>
        )}
        <button type="button" className="btn small" onClick={() => void download()} data-testid="replay-download">
          {t('replays.download')}
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** The game's result (totals, winners): kept with an offline game, else worked out by the engine from its stored record. */
function useResult(
  gameId: string,
  offline: FinishedOffline | undefined,
): { totals: readonly number[]; winners: readonly number[] } | null {
  const [result, setResult] = useState<{ totals: readonly number[]; winners: readonly number[] } | null>(
    offline ?? null,
  );
  useEffect(() => {
    if (offline) return;
    let live = true;
    getRecord(gameId).then(
      (text) => {
        const record = parseRecord(text);
        const game = record.ok ? gameFromRecord(record.value) : null;
        if (!live || !game?.ok) return;
        const v = view(game.value, null);
        setResult({ totals: v.totals, winners: v.winners ?? [] });
      },
      // Without its result the entry still lists the game and its links.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [gameId, offline]);
  return result;
}
