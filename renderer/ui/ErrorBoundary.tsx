/** Keeps one failing view from taking the whole window down; offers to try that view again. */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Names the view in the message, e.g. "The price grid". */
  what: string;
  children: ReactNode;
}
interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Market Desk: ${this.props.what} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="empty-state empty-state--error" role="alert">
        <h2 className="empty-state__title">{this.props.what} stopped working</h2>
        <p className="empty-state__text">Something unexpected happened; the rest of Market Desk is fine.</p>
        <p className="empty-state__detail">{error.message}</p>
        <button type="button" className="btn btn--primary" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
