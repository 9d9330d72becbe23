import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '../core/messages.ts';

interface Props {
  children: ReactNode;
  /** «Reintentar» was pressed: the owner may make the page afresh before it renders again. */
  onRetry?: () => void;
}
interface State {
  failed: boolean;
}

/**
 * Keeps one failing page from blanking the whole demo: the header and its links stay, the page shows a
 * Spanish message and a retry button. App keys it by route, so moving to another view starts afresh.
 */
export class PageBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('La vista falló:', error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="app__page-error" role="alert">
        <p>{MESSAGES.errors.pageCrashed}</p>
        <button type="button" onClick={this.retry}>
          {MESSAGES.errors.retry}
        </button>
      </div>
    );
  }
}
