/**
 * The table's side panels (log, chat, reference card, scores, …) behind tabs. On a wide
 * screen they sit beside the felt, one always open; on a phone or tablet the tabs are a
 * strip under the hand and a panel opens as a sheet over the table, so it never pushes
 * the hand. A panel is one entry of `panels`; a falsy entry is left out.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SidePanel {
  readonly id: string;
  readonly label: string;
  /** A count drawn on the tab, e.g. unread messages; nothing when 0 or absent. */
  readonly badge?: number;
  readonly render: () => ReactNode;
}

export function SideSheet({
  panels,
  initial,
}: {
  panels: readonly (SidePanel | false | null | undefined)[];
  initial?: string;
}) {
  const { t } = useTranslation();
  const shown = panels.filter((p): p is SidePanel => Boolean(p));
  const [tab, setTab] = useState(initial ?? shown[0]?.id);
  const [open, setOpen] = useState(false);
  const active = shown.find((p) => p.id === tab) ?? shown[0];

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!active) return null;
  const choose = (id: string) => {
    setTab(id);
    setOpen(id !== active.id || !open);
  };
  return (
    <aside className={`side${open ? ' open' : ''}`} data-testid="side">
      {open && (
        <button
          type="button"
          className="sheet-backdrop"
          aria-label={t('common.close')}
          tabIndex={-1}
          onClick={() => setOpen(false)}
        />
      )}
      <div className="tabs" role="tablist" aria-label={t('side.label')}>
        {shown.map((p) => (
          <button
            key={p.id}
            type="button"
            role="tab"
            id={`tab-${p.id}`}
            aria-selected={p.id === active.id}
            aria-controls="side-panel"
            className={`tab${p.id === active.id ? ' active' : ''}`}
            onClick={() => choose(p.id)}
            data-testid={`tab-${p.id}`}
          >
            {p.label}
            {p.badge ? <span className="tab-badge">{p.badge}</span> : null}
          </button>
        ))}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id="side-panel"
        aria-labelledby={`tab-${active.id}`}
        data-testid="side-panel"
      >
        <button
          type="button"
          className="btn small sheet-close"
          onClick={() => setOpen(false)}
          data-testid="sheet-close"
        >
          {t('common.close')}
        </button>
        {active.render()}
      </div>
    </aside>
  );
}
