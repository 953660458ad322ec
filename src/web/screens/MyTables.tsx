/**
 * "Return to your game": every table this browser holds a seat at (its seat tokens in
 * local storage) and, signed in, every table the account holds a seat at (on any
 * device: the server gives the seat to a signed-in connection without a token), with
 * where it stands. Tables the server no longer has, or has closed, are dropped from the
 * list and their tokens forgotten.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableSummary } from '../../protocol/messages.js';
import { accountTables } from '../net/account.js';
import { ApiError, getTable } from '../net/api.js';
import { useMe } from '../net/me.js';
import { forgetSession, heldTables } from '../net/session.js';
import { hrefOf } from '../router.js';

export function MyTables() {
  const { t } = useTranslation();
  const [tables, setTables] = useState<TableSummary[]>([]);
  const signedIn = useMe()?.username;

  useEffect(() => {
    let live = true;
    const summary = (code: string) =>
      getTable(code).then(
        (table) => {
          if (table.status !== 'closed') return table;
          forgetSession(code);
          return null;
        },
        (e: unknown) => {
          // Gone for good; a network problem keeps the token for next time.
          if (e instanceof ApiError && e.code === 'ERR_NO_TABLE') forgetSession(code);
          return null;
        },
      );
    const load = async () => {
      // The account's list failing leaves this browser's own seats to show.
      const account = signedIn ? await accountTables().catch(() => []) : [];
      const codes = [...new Set([...heldTables(), ...account.map((tb) => tb.code)])].sort();
      const found = await Promise.all(codes.map(summary));
      if (live) setTables(found.filter((x): x is TableSummary => x !== null));
    };
    void load();
    return () => {
      live = false;
    };
  }, [signedIn]);

  if (tables.length === 0) return null;
  const state = (tb: TableSummary) =>
    tb.status === 'lobby' ? t('mine.lobby') : tb.status === 'playing' ? t('mine.playing') : t('mine.over');
  return (
    <section className="panel my-tables" aria-labelledby="mine-title" data-testid="my-tables">
      <h2 id="mine-title">{t('mine.title')}</h2>
      <ul className="table-list">
        {tables.map((tb) => (
          <li key={tb.code}>
            <a
              className="btn primary"
              href={hrefOf({ screen: 'table', code: tb.code })}
              data-testid={`return-${tb.code}`}
            >
              {t('mine.line', { code: tb.code, players: tb.options.players, state: state(tb) })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
