import type { ReactNode } from 'react';

export type AlertType = 'default' | 'error' | 'info' | 'warning';

const ICONS: Record<AlertType, string> = { default: '💡', error: '🚫', info: 'ℹ️', warning: '⚠️' };

/** A callout. The type is required (the content loader reports a missing one with its place). */
export function Alert({ type, icon, children }: { type?: AlertType; icon?: ReactNode; children?: ReactNode }) {
  if (!type) throw new Error('Specifying the Alert type is required.');
  return (
    <div className={`alert alert-${type}`} role={type === 'error' || type === 'warning' ? 'alert' : 'note'}>
      <span className="alert-icon" aria-hidden="true">
        {icon ?? ICONS[type]}
      </span>
      <div className="alert-body">{children}</div>
    </div>
  );
}
