/**
 * The table's side panels (log, chat, reference card, scores, …) behind tabs. On a wide
 * screen they sit beside the felt, one always open; on a phone or tablet the tabs are a
 * strip under the hand and a panel opens as a sheet over the table, so it never pushes
 * the hand. A panel is one entry of `panels`; a falsy entry is left out. `onView` hears
 * which panel the player can see now (null: none), e.g. to count unread chat.
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

/** The layout with the panels beside the felt (styles.css: the phone layout is below it). */
const WIDE = '(min-width: 981px) and (min-height: 561px)';

export function SideSheet({
  panels,
  initial,
  onView,
}: {
  panels: readonly (SidePanel | false | null | undefined)[];
  initial?: string;
  onView?: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const shown = panels.filter((p): p is SidePanel => Boolean(p));
  const [tab, setTab] = useState(initial ?? shown[0]?.id);
  const [open, setOpen] = useState(false);
  const active = shown.find((p) => p.id === tab) ?? shown[0];
  const wide = useMedia(WIDE);
  const visible = active && (open || wide) ? active.id : null;
  useEffect(() => onView?.(visible), [onView, visible]);

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

function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const change = () => setMatches(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return matches;
}
