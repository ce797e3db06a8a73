import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback';

interface RootErrorBoundaryProps {
  children: ReactNode;
}

/** Catches any rendering error of the portal, shows the fallback and logs what spec 2 asks for. */
export class RootErrorBoundary extends Component<RootErrorBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected rendering error', {
      message: error.message,
      stack: error.stack,
      componentStack: info.componentStack,
      timestamp: new Date().toISOString(),
    });
  }

  render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
