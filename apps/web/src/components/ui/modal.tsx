import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import styles from './modal.module.css';

export const MODAL_ROOT_ID = 'modal-root';

export type ModalControls = { close: () => void };
export type ModalContent = ReactNode | ((controls: ModalControls) => ReactNode);

type ModalLabel =
  /** A visible heading that also names the dialog. */
  | { title: ReactNode; label?: never }
  /** An accessible name only, for content that draws its own heading. */
  | { label: string; title?: never };

export type ModalOptions = ModalLabel & {
  /** Called once whenever the dialog closes: backdrop, Escape, close button or `close()`. */
  onClose?: () => void;
  size?: 'sm' | 'md' | 'lg';
};

export type ModalApi = {
  open: (content: ModalContent, options: ModalOptions) => void;
  close: () => void;
  isOpen: boolean;
};

const ModalContext = createContext<ModalApi | null>(null);

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

/** The dialog itself. Prefer `useModal().open()`; this is exported for declarative use. */
export function ModalDialog({ options, onRequestClose, children }: ModalDialogProps) {
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

type OpenModal = { key: number; content: ModalContent; options: ModalOptions };

/** Holds the one open dialog of the page; opening another replaces it (its onClose still runs). */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OpenModal | null>(null);
  const currentRef = useRef<OpenModal | null>(null);
  const nextKey = useRef(0);

  const close = useCallback(() => {
    const closing = currentRef.current;
    if (!closing) return;
    currentRef.current = null;
    setCurrent(null);
    closing.options.onClose?.();
  }, []);

  const open = useCallback(
    (content: ModalContent, options: ModalOptions) => {
      close();
      nextKey.current += 1;
      const next = { key: nextKey.current, content, options };
      currentRef.current = next;
      setCurrent(next);
    },
    [close],
  );

  const api = useMemo<ModalApi>(() => ({ open, close, isOpen: current !== null }), [open, close, current]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      {current ? (
        <ModalDialog key={current.key} options={current.options} onRequestClose={close}>
          {typeof current.content === 'function' ? current.content({ close }) : current.content}
        </ModalDialog>
      ) : null}
    </ModalContext.Provider>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal must be used inside <ModalProvider>');
  return api;
}
