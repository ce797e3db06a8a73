import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback, logRenderError } from './ErrorFallback';

interface RootErrorBoundaryProps {
  children: ReactNode;
  inLayout?: boolean;
  /** A change (the layout passes the path) clears a caught error, so navigation leads away from a crashed page. */
  resetKey?: string;
}

interface RootErrorBoundaryState {
  failed: boolean;
  failedAt?: string;
}

/** spec 2. main.tsx wraps the whole portal in one; PortalLayout each page, so a crash keeps the layout. */
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
