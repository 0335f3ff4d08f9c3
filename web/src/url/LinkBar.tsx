// The sharing and teaching toolbar: gallery, guide, presenter mode and
// "Copy link" (with a visible fallback field when the clipboard is blocked),
// plus the banner that says why a link could not be opened.
import { useState } from "react";
import type { PresetInfo } from "../engine/engine-types";
import { useActions, useAppStore } from "../state/AppProvider";
import { selectView } from "../state/selectors";
import { copyText } from "./copy-text";

export function LinkBar(props: { readonly preset: PresetInfo | undefined; readonly currentUrl: () => Promise<string> }) {
  const view = useAppStore(selectView);
  const actions = useActions();
  const [copied, setCopied] = useState<"idle" | "copied" | { manual: string } | { error: string }>("idle");
  const hasGuide = (props.preset?.steps?.length ?? 0) > 0;

  const copy = async () => {
    let url: string;
    try {
      url = await props.currentUrl();
    } catch (err) {
      setCopied({ error: err instanceof Error ? err.message : String(err) });
      return;
    }
    const ok = await copyText(url);
    setCopied(ok ? "copied" : { manual: url });
    if (ok) setTimeout(() => setCopied("idle"), 2000);
  };

  return (
    <>
      <nav className="link-bar" aria-label="Share and teach">
        {view.presenter && view.page === "explorer" && props.preset && (
          <div className="presenter-title">
            <h2>{props.preset.title}</h2>
            <p>{props.preset.description}</p>
          </div>
        )}
        <button type="button" data-testid="open-gallery" aria-pressed={view.page === "gallery"} onClick={() => actions.setPage(view.page === "gallery" ? "explorer" : "gallery")}>
          {view.page === "gallery" ? "← Back to the explorer" : "Gallery"}
        </button>
        <button type="button" data-testid="open-papers" aria-pressed={view.page === "papers"} title="The four source papers, cited in full" onClick={() => actions.setPage(view.page === "papers" ? "explorer" : "papers")}>
          {view.page === "papers" ? "← Back to the explorer" : "Papers"}
        </button>
        {view.page === "explorer" && hasGuide && (
          <button type="button" data-testid="open-guide" aria-pressed={view.step !== null} onClick={() => actions.setStep(view.step === null ? 0 : null)}>
            {view.step === null ? "Guide" : "Close guide"}
          </button>
        )}
        <button type="button" data-testid="presenter" aria-pressed={view.presenter} title="Large fonts, editors hidden (key P)" onClick={() => actions.setPresenter(!view.presenter)}>
          {view.presenter ? "Leave presenter mode" : "Presenter mode"}
        </button>
        <button type="button" data-testid="copy-link" title="Copy a link to exactly this view" onClick={() => void copy()}>
          {copied === "copied" ? "Copied ✓" : "Copy link"}
        </button>
        {typeof copied === "object" && "error" in copied && (
          <span className="manual-copy" role="status" data-testid="copy-error">
            No link: {copied.error}.
          </span>
        )}
        {typeof copied === "object" && "manual" in copied && (
          <label className="manual-copy">
            Copy this link:
            <input data-testid="manual-link" readOnly value={copied.manual} onFocus={(e) => e.currentTarget.select()} autoFocus />
          </label>
        )}
      </nav>
      {view.linkError && (
        <div className="error-banner link-error" role="alert" data-testid="link-error">
          <span>{view.linkError}</span>
          <button type="button" className="dismiss" aria-label="Dismiss" onClick={() => actions.setLinkError(null)}>
            ×
          </button>
        </div>
      )}
    </>
  );
}
