import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback, logRenderError } from './ErrorFallback';

interface RootErrorBoundaryProps {
  children: ReactNode;
  /** Inside the signed-in layout: the fallback replaces the page only (ErrorFallback's inLayout). */
  inLayout?: boolean;
  /**
   * A change of this value (the layout passes the path) clears a caught error, so the
   * navigation leads away from a crashed page without a reload.
   */
  resetKey?: string;
}

interface RootErrorBoundaryState {
  failed: boolean;
  /** The resetKey when the error was caught. */
  failedAt?: string;
}

/**
 * Catches any rendering error below it (a page that throws, a page chunk that cannot be
 * loaded), shows spec 2's fallback and logs what spec 2 asks for. main.tsx wraps the whole
 * portal in one; PortalLayout wraps each page in one, so a crash keeps the layout.
 */
export class RootErrorBoundary extends Component<RootErrorBoundaryProps, RootErrorBoundaryState> {
  state: RootErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): Partial<RootErrorBoundaryState> {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ failedAt: this.props.resetKey });
    logRenderError(error, info.componentStack);
  }

  componentDidUpdate(previous: RootErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey && this.props.resetKey !== this.state.failedAt) {
      this.setState({ failed: false, failedAt: undefined });
    }
  }

  render() {
    return this.state.failed ? <ErrorFallback inLayout={this.props.inLayout} /> : this.props.children;
  }
}
