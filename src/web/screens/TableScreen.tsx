/**
 * A table reached by its code: the lobby while seats fill, then the game. Owns the live
 * connection, says on screen when it is lost and when it is back.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientAction } from '../../protocol/messages.js';
import { clockShort } from '../components/clock.js';
import { Table } from '../components/Table.js';
import { seatLabels } from '../game/model.js';
import { TableConnection } from '../net/connection.js';
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

  useEffect(() => {
    if (state.returns === 0) return;
    setNotice(true);
    const id = setTimeout(() => setNotice(false), 4000);
    return () => clearTimeout(id);
  }, [state.returns]);

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
          <p role="alert">{state.error}</p>
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
    return ack.ok ? null : ack.error.message;
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
      </div>
      {inLobby ? (
        <Lobby conn={conn} table={table} seat={state.seat} />
      ) : (
        <Table
          key={game.gameId}
          view={game.view}
          seats={seats}
          clocks={game.clocks}
          onBack={async () => {
            const ack = await conn.back();
            return ack.ok ? null : t(`clock.errors.${ack.error.code}`, { defaultValue: ack.error.message });
          }}
          arrived={state.arrived}
          onAct={state.seat === null ? undefined : act}
          chat={{
            messages: state.chat,
            onSend: (m) => void conn.say(m),
            canSend: state.seat !== null,
            spectators: table.spectators,
          }}
          coach={state.seat !== null && coachOn(table) ? { ask: () => conn.hint() } : undefined}
          onRematch={state.seat !== null && state.seat === table.host ? () => void conn.rematch() : undefined}
          gameOverExtra={
            <p>
              <a href={`#/replay/${encodeURIComponent(game.gameId)}`} data-testid="replay-link">
                {t('over.replay')}
              </a>
            </p>
          }
        />
      )}
    </main>
  );
}
