import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DrawerProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/** A side panel over the list: the request's details and decisions. Escape closes it. */
export function Drawer({ open, title, onClose, children }: DrawerProps) {
  const { t } = useTranslation('ops');
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // A dialog opened from the drawer handles its own Escape first.
      if (event.key === 'Escape' && !document.querySelector('.modal-backdrop')) onClose();
    };
    document.addEventListener('keydown', onKey);
    panel.current?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div
      className="ops-drawer-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <aside
        ref={panel}
        className="ops-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="ops-drawer-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="link" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="ops-drawer-body">{children}</div>
      </aside>
    </div>
  );
}
