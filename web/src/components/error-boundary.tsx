import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  fallback?: ReactNode;
  /** When it changes (the visitor went to another page), a caught error is forgotten and the children render again. */
  resetKey?: unknown;
}
interface State {
  error: Error | null;
}

/** Catches render errors below it and shows a calm message with a way out. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback ?? <ErrorFallback />;
    return this.props.children;
  }
}

export function ErrorFallback({ message = 'Something went wrong.' }: { message?: string }) {
  return (
    <div className="page-center error-fallback" role="alert">
      <h1>{message}</h1>
      <p>Please reload the page. If it keeps happening, contact support.</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        Reload page
      </button>
    </div>
  );
}
