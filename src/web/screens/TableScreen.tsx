/**
 * A table reached by its code: the lobby while seats fill, then the game. Owns the live
 * connection, says on screen when it is lost and when it is back, alerts the player when
 * it is their turn, and lets them leave a game (a bot plays on).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientAction } from '../../protocol/messages.js';
import { clockShort } from '../components/clock.js';
import { Modal } from '../components/Modal.js';
import { RatingChanges } from '../components/ratings.js';
import { Table } from '../components/Table.js';
import { useTurnAlerts } from '../components/useTurnAlerts.js';
import { errorText } from '../errors.js';
import { seatLabels } from '../game/model.js';
import { TableConnection } from '../net/connection.js';
import { useHoldUpdates } from '../pwa/updates.js';
import { coachOn, Lobby } from './Lobby.js';

export function TableScreen({ code }: { code: string }) {
  const [conn, setConn] = useState<TableConnection | null>(null);
  useEffect(() => {
    const c = new TableConnection(code);
    setConn(c);
    return () => c.close();
  }, [code]);
  return conn ? <LiveTable conn={conn} /> : null;
}

function LiveTable({ conn }: { conn: TableConnection }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(conn.subscribe, conn.snapshot);
  const [notice, setNotice] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const view = state.game?.view;
  const myTurn = view?.mustAct === true;
  useTurnAlerts(myTurn, conn.code);
  // A new version of the app waits while a game runs here: it is offered when it ends or
  // the player leaves (pwa/updates.ts).
  // The game's own phase says when it ends: the table's status may turn first.
  useHoldUpdates(state.table?.status !== 'lobby' && view !== undefined && view.phase !== 'over');

  useEffect(() => {
    if (state.reconnects === 0) return;
    setNotice(true);
    const id = setTimeout(() => setNotice(false), 4000);
    return () => clearTimeout(id);
  }, [state.reconnects]);

  const banner =
    state.status === 'offline' ? (
      <div className="banner offline" role="alert" data-testid="offline">
        {t('conn.lost')}
      </div>
    ) : notice ? (
      <div className="banner online" role="status" data-testid="reconnected">
        {t('conn.back')}
      </div>
    ) : null;

  if (state.error) {
    return (
      <main className="page">
        <div className="panel">
          <h1>{t('table.problem')}</h1>
          <p role="alert">{errorText(t, state.error)}</p>
          <a className="btn" href="#/">
            {t('nav.home')}
          </a>
        </div>
      </main>
    );
  }
  if (!state.table) {
    return (
      <main className="page">
        {banner}
        <p className="muted">{t('conn.connecting')}</p>
      </main>
    );
  }

  const table = state.table;
  const seats = seatLabels(table.seats);
  const game = state.game;
  const inLobby = table.status === 'lobby' || !game;

  const act = async (action: ClientAction): Promise<string | null> => {
    const ack = await conn.act(action);
    return ack.ok ? null : errorText(t, ack.error.code);
  };
  const leave = async () => {
    setLeaving(false);
    const ack = await conn.leave();
    if (ack.ok) location.hash = '#/';
  };

  return (
    <main className="table-page">
      {banner}
      <div className="table-bar">
        <span className="table-code">
          {t('table.code')} <strong data-testid="table-code">{table.code}</strong>
        </span>
        {game && !inLobby && (
          <span className="round-info">
            {t('table.round', { n: game.view.round + 1 })}
            {game.view.options.rounds !== undefined
              ? ` / ${game.view.options.rounds}`
              : ` · ${t('table.target', { target: game.view.options.targetScore })}`}
          </span>
        )}
        {state.seat === null && !inLobby && <span className="chip">{t('table.watching')}</span>}
        {!inLobby && (
          <span className="chip" title={t('clock.optionHelp')} data-testid="clock-setting">
            {clockShort(t, table.options.turnClock)}
          </span>
        )}
        {state.seat !== null && !inLobby && game.view.phase !== 'over' && (
          <button type="button" className="btn small" onClick={() => setLeaving(true)} data-testid="leave">
            {t('leave.button')}
          </button>
        )}
      </div>
      {leaving && (
        <Modal title={t('leave.title')} onClose={() => setLeaving(false)} testId="leave-dialog">
          <p>{t('leave.text')}</p>
          <div className="actions">
            <button type="button" className="btn" onClick={() => setLeaving(false)} data-autofocus>
              {t('leave.stay')}
            </button>
            <button type="button" className="btn danger" onClick={() => void leave()} data-testid="leave-confirm">
              {t('leave.confirm')}
            </button>
          </div>
        </Modal>
      )}
      {inLobby ? (
        <Lobby conn={conn} table={table} seat={state.seat} />
      ) : (
        <Table
          key={game.gameId}
          view={game.view}
          seats={seats}
          clocks={game.clocks}
          reading={game.reading}
          onBack={async () => {
            const ack = await conn.back();
            return ack.ok ? null : errorText(t, ack.error.code);
          }}
          arrived={state.arrived}
          onAct={state.seat === null ? undefined : act}
          chat={{
            messages: state.chat,
            onSend: async (m) => {
              const ack = await conn.say(m);
              return ack.ok ? null : ack.error.code;
            },
            canSend: state.seat !== null,
            spectators: table.spectators,
          }}
          coach={state.seat !== null && coachOn(table) ? { ask: () => conn.hint() } : undefined}
          onRematch={state.seat !== null && state.seat === table.host ? () => void conn.rematch() : undefined}
          gameOverExtra={
            <>
              {table.ratings?.gameId === game.gameId && <RatingChanges ratings={table.ratings} seats={seats} />}
              <p>
                <a href={`#/replay/${encodeURIComponent(game.gameId)}`} data-testid="replay-link">
                  {t('over.replay')}
                </a>
              </p>
            </>
          }
        />
      )}
    </main>
  );
}
