import { Component, useEffect, type ReactNode } from 'react';
import type { ThemeStrings as Strings } from '../../shared/i18n/strings.ts';

/**
 * Sets the document title while mounted. A passive effect, so it runs after a client navigation has
 * set the new page's head (a layout effect). Unmounted by 'Try again', it puts the page's title back;
 * unmounted by a navigation (the title is the new page's by then), it leaves it alone.
 */
function ErrorTitle({ title }: { title: string }) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      if (document.title === title) document.title = before;
    };
  }, [title]);
  return null;
}

interface Props {
  strings: Strings;
  /** Changing it clears the error (a new page). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/**
 * A page that throws while rendering (spec section 8): 'This page crashed.' (in Russian 'Что-то
 * пошло не так на странице'), the error message, and 'Try again', which renders the page again;
 * meanwhile the document title is 'Page Error'. Navigating to another page clears it as well.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error): void {
    console.error('[paydocs] the page crashed while rendering', error);
  }

  render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const s = this.props.strings;
    return (
      <div className="error-page" role="alert">
        <ErrorTitle title={s['error.documentTitle']} />
        <h1>{s['error.title']}</h1>
        <p className="error-page__message">{error.message}</p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          {s['error.tryAgain']}
        </button>
      </div>
    );
  }
}
