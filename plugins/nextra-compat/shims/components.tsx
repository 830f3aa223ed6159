/**
 * Server-rendered stand-ins for `nextra/components` (Nextra 3) and the same components of
 * `nextra-theme-docs` (Nextra 2). No client JavaScript: Tabs switch with radio inputs and CSS
 * (`theme/styles/nextra-components.css`); FileTree folders are native `<details>`.
 */
import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

type CalloutType = 'default' | 'info' | 'warning' | 'error' | 'important';

const CALLOUT_ICONS: Record<CalloutType, string> = { default: '💡', info: 'ℹ️', warning: '⚠️', error: '🚫', important: '❗' };

/** Nextra's Callout as the theme's alert markup (`important` looks like `info`). */
export function Callout({ type = 'default', emoji, icon, children }: { type?: CalloutType | null; emoji?: ReactNode; icon?: ReactNode; children?: ReactNode }) {
  const kind: CalloutType = type ?? 'default';
  const alertType = kind === 'important' ? 'info' : kind;
  return (
    <div className={`alert alert-${alertType}`} role={kind === 'error' || kind === 'warning' ? 'alert' : 'note'}>
      <span className="alert-icon" aria-hidden="true">
        {icon ?? emoji ?? CALLOUT_ICONS[kind]}
      </span>
      <div className="alert-body">{children}</div>
    </div>
  );
}

type TabItem = ReactNode | { label: ReactNode; disabled?: boolean };

/** Tabs as radio inputs and labels: the checked radio shows its panel, with CSS alone. */
export function Tabs({ items = [], defaultIndex = 0, selectedIndex, children }: { items?: TabItem[]; defaultIndex?: number; selectedIndex?: number; storageKey?: string; children?: ReactNode }) {
  const name = `tabs${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const panels = Children.toArray(children).filter(isValidElement);
  const labels = items.length ? items : panels.map((_, i) => `Tab ${i + 1}`);
  const checked = selectedIndex ?? defaultIndex;
  return (
    <div className="nx-tabs">
      {labels.map((_, i) => (
        <input key={i} type="radio" className="nx-tab-radio" name={name} id={`${name}-${i}`} defaultChecked={i === checked} aria-controls={`${name}-panel-${i}`} />
      ))}
      <div className="nx-tab-list">
        {labels.map((item, i) => (
          <label key={i} htmlFor={`${name}-${i}`} className="nx-tab-label">
            {typeof item === 'object' && item !== null && 'label' in item ? item.label : (item as ReactNode)}
          </label>
        ))}
      </div>
      {panels.map((panel, i) => (
        <section key={i} className="nx-tab-panel" id={`${name}-panel-${i}`}>
          {panel}
        </section>
      ))}
    </div>
  );
}

export function Tab({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
Tabs.Tab = Tab;

export function Cards({ children, num }: { children?: ReactNode; num?: number }) {
  return (
    <div className="nx-cards" style={num ? { gridTemplateColumns: `repeat(${num}, minmax(0, 1fr))` } : undefined}>
      {children}
    </div>
  );
}

export function Card({ title, href, icon, children, arrow }: { title?: ReactNode; href: string; icon?: ReactNode; children?: ReactNode; arrow?: boolean; image?: boolean }) {
  return (
    <a className="nx-card" href={href}>
      {children}
      <span className="nx-card-title">
        {icon}
        {title}
        {arrow ? <span aria-hidden="true"> →</span> : null}
      </span>
    </a>
  );
}
Cards.Card = Card;

/** Numbered steps: each `###` heading inside is a step (CSS counters). */
export function Steps({ children }: { children?: ReactNode }) {
  return <div className="nx-steps">{children}</div>;
}

export function Bleed({ children, full }: { children?: ReactNode; full?: boolean }) {
  return <div className={full ? 'nx-bleed nx-bleed-full' : 'nx-bleed'}>{children}</div>;
}

function Folder({ name, label, open, defaultOpen, children }: { name: string; label?: ReactNode; open?: boolean; defaultOpen?: boolean; children?: ReactNode }) {
  return (
    <li className="nx-filetree-folder">
      <details open={open ?? defaultOpen ?? false}>
        <summary>{label ?? name}</summary>
        <ul>{children}</ul>
      </details>
    </li>
  );
}

function File({ name, label, active }: { name: string; label?: ReactNode; active?: boolean }) {
  return <li className={active ? 'nx-filetree-file nx-active' : 'nx-filetree-file'}>{label ?? name}</li>;
}

export function FileTree({ children }: { children?: ReactNode }) {
  return (
    <div className="nx-filetree">
      <ul>{children}</ul>
    </div>
  );
}
FileTree.Folder = Folder;
FileTree.File = File;

/** Nextra 3's `Collapse`, `Details`/`Summary`: native disclosure. */
export function Collapse({ children, isOpen }: { children?: ReactNode; isOpen?: boolean }) {
  return isOpen === false ? null : <>{children}</>;
}

export function Details({ children, open }: { children?: ReactNode; open?: boolean }) {
  return <details open={open}>{children}</details>;
}

export function Summary({ children }: { children?: ReactNode }) {
  return <summary>{children}</summary>;
}

/** Whether an element is one of these components (a site's own wrapper may check). */
export function isShim(element: ReactElement): boolean {
  return [Callout, Tabs, Tab, Cards, Card, Steps, Bleed, FileTree].includes(element.type as never);
}
