// A visible banner with the engine's (or the JSON parser's) message; the
// last good result stays on screen underneath.
export function ErrorBanner(props: { readonly message: string | null; readonly showingLastGood: boolean }) {
  if (!props.message) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      <strong>Scenario error:</strong> <code>{props.message}</code>
      {props.showingLastGood && <span className="muted"> — showing the last good result.</span>}
    </div>
  );
}
