import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What failed, for the message: "the editor", "your recordings". */
  readonly what: string;
  /** The way back, shown as a link under the message. */
  readonly back: { readonly href: string; readonly label: string };
  /** Changing it clears the error (e.g. the id of the recording shown). */
  readonly resetKey?: unknown;
  readonly children: ReactNode;
}

interface ErrorBoundaryState {
  readonly error: Error | null;
  readonly resetKey: unknown;
}

/**
 * Turns a crash while rendering into a message with a way back, instead of a blank page. Recordings are
 * stored apart from what is shown, so nothing is lost by it.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> {
    return props.resetKey === state.resetKey ? {} : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Clickreel: ${this.props.what} crashed`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="crash" role="alert" data-state="crashed">
        <h2>Something went wrong in {this.props.what}</h2>
        <p>{error.message || error.name}. Your recordings are still stored in this browser: nothing was deleted.</p>
        <p>
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>{' '}
          <a href={this.props.back.href}>{this.props.back.label}</a>
        </p>
      </section>
    );
  }
}
