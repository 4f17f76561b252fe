import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ErrorBoundary } from './error-boundary';

/**
 * The dialog itself (focus handling, Tab trap, portal, its stylesheet) is loaded the first time one opens: most
 * visits open none, and every page would otherwise carry it. `preloadModalDialog` fetches it ahead, at a visitor's
 * first interaction. Lazy content shown in a dialog suspends to the same boundary, so the dialog appears whole, and
 * its focus moves in, once everything it shows has arrived.
 */
const loadModalDialog = () => import('./modal-dialog');
const ModalDialog = lazy(loadModalDialog);

export function preloadModalDialog(): void {
  void loadModalDialog();
}

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

  const closeUnloadable = useCallback(
    (error: unknown) => {
      console.error('The dialog could not be shown.', error);
      close();
    },
    [close],
  );

  const api = useMemo<ModalApi>(() => ({ open, close, isOpen: current !== null }), [open, close, current]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      {current ? (
        // A dialog whose code cannot be loaded (the connection dropped, a new release replaced the file) closes, as if
        // dismissed, instead of taking the page down with it: the dialogs sit outside the pages' error boundary.
        <ErrorBoundary key={current.key} fallback={null} onError={closeUnloadable}>
          <Suspense fallback={null}>
            <ModalDialog options={current.options} onRequestClose={close}>
              {typeof current.content === 'function' ? current.content({ close }) : current.content}
            </ModalDialog>
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </ModalContext.Provider>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal must be used inside <ModalProvider>');
  return api;
}
