import { Component, type ReactNode } from 'react';
import { stringsFor } from '../i18n/strings.ts';

interface Props {
  locale: string;
  /** Changing it clears the error (a new page). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** A page that throws while rendering shows 'This page crashed.', the message and 'Try again'. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidUpdate(): void {
    if (this.state.error) document.title = stringsFor(this.props.locale)['error.documentTitle'];
  }

  componentDidCatch(): void {
    document.title = stringsFor(this.props.locale)['error.documentTitle'];
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const s = stringsFor(this.props.locale);
    return (
      <div className="error-page" role="alert">
        <h1>{s['error.title']}</h1>
        <p className="error-page__message">{error.message}</p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          {s['error.tryAgain']}
        </button>
      </div>
    );
  }
}
