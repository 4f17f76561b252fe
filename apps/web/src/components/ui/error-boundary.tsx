import { Component, type ReactNode } from 'react';

type ErrorBoundaryProps = {
  /** Shown in place of the children once one of them has thrown while rendering. */
  fallback: ReactNode;
  onError?: (error: unknown) => void;
  children: ReactNode;
};

/** Catches what its children throw while rendering (a lazy part that cannot load, too). Mount with a key to reset. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
