import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { MODAL_ROOT_ID, type ModalOptions } from './modal';
import styles from './modal.module.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function modalContainer(): HTMLElement {
  return document.getElementById(MODAL_ROOT_ID) ?? document.body;
}

type ModalDialogProps = {
  options: ModalOptions;
  onRequestClose: () => void;
  children: ReactNode;
};

/** The dialog itself, loaded by ModalProvider the first time one opens: open one with `useModal().open()`. */
export default function ModalDialog({ options, onRequestClose, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onRequestClose);
  closeRef.current = onRequestClose;

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    // Focus the first control inside the content, else the dialog itself, so Escape and Tab work at once.
    const first = dialog?.querySelector<HTMLElement>(`.${styles.body} :is(${FOCUSABLE})`);
    (first ?? dialog)?.focus();

    const app = document.getElementById('root');
    const appWasInert = app?.inert ?? false;
    if (app && !app.contains(dialog)) app.inert = true;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (app) app.inert = appWasInert;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  // Keep Tab inside the dialog: aria-modal alone does not stop keyboard focus leaving it.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === dialogRef.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const sizeClass = options.size && options.size !== 'md' ? styles[options.size] : undefined;
  const hasTitle = options.title !== undefined;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a pointer shortcut; Escape and the close button cover keyboard users.
    <div
      className={styles.backdrop}
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // No default focus move to the backdrop: the focus restored to the opener on close must stay there.
        event.preventDefault();
        onRequestClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={hasTitle ? titleId : undefined}
        aria-label={hasTitle ? undefined : options.label}
        tabIndex={-1}
        className={[styles.dialog, sizeClass].filter(Boolean).join(' ')}
        onKeyDown={trapTab}
      >
        <div className={styles.header}>
          {hasTitle ? (
            <h2 id={titleId} className={styles.title}>
              {options.title}
            </h2>
          ) : null}
          <button type="button" className={styles.close} onClick={onRequestClose} aria-label="Close dialog">
            <CloseIcon />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </div>,
    modalContainer(),
  );
}
