import { Component, type ReactNode } from "react";
import { ErrorScreen } from "./ErrorScreen";

interface Props {
  /** Changes on navigation: a new address clears a shown error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/**
 * Catches what a route throws while rendering, including a page chunk that
 * failed to load (ChunkLoadError), and shows the spec's 'Unexpected
 * Application Error!' screen instead of the app. Navigating elsewhere retries.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("Unknown error") };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
