// Keeps one broken view from taking the whole page down: shows its error
// in place, with a button to try again.
import { Component, type ReactNode } from "react";

export class ErrorBoundary extends Component<{ readonly name: string; readonly children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-banner" role="alert">
        The {this.props.name} view failed: <code>{this.state.error.message}</code>{" "}
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
