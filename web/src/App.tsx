// Page layout: header, link bar, error banner, the scheduler picker and comparison
// table, then the workspace: main views (tabs) beside the side panel (tabs),
// or the gallery. Views are registered in shell/views.tsx. Installs
// window.__explorerIdle() and __explorerStats() for the end-to-end tests and the benchmark.
import { useEffect, useRef } from "react";
import { CompareTable } from "./compare/CompareTable";
import { SchedulerPicker } from "./compare/SchedulerPicker";
import { EditorProvider } from "./editor/EditorProvider";
import { Gallery } from "./gallery/Gallery";
import { useThumbnails } from "./gallery/use-thumbnails";
import { ErrorBanner } from "./panels/ErrorBanner";
import { Header } from "./panels/Header";
import { LoopPanel } from "./panels/loops/LoopPanel";
import { ScenarioEditor } from "./panels/ScenarioEditor";
import { SimProgress } from "./shell/SimProgress";
import { Tabs } from "./shell/Tabs";
import { UiPrefsProvider, useUiPrefs } from "./state/ui-prefs";
import { DisplayControls } from "./panels/DisplayControls";
import { MAIN_VIEWS, SIDE_PANELS } from "./shell/views";
import type { AppState } from "./state/store";
import { useStore } from "./state/StoreProvider";
import { useSimulation } from "./state/use-simulation";
import type { RenderLoop } from "./timeline/render-loop";
import { GuideSlot, PaperSlot, useTeaching } from "./teach/Teaching";
import { LinkBar } from "./url/LinkBar";
import { useUrlSync } from "./url/use-url-sync";
import { useView } from "./url/ViewProvider";

declare global {
  interface Window {
    __explorerIdle?: () => boolean;
    __explorerStats?: () => {
      lastFrameMs: number;
      /** performance.now() at the end of the last drawn frame. */
      lastFrameAt: number;
      simMs: number | null;
      segments: number;
      /** From the last visual edit to the end of the first frame drawn with its result. */
      editToRedrawMs: number | null;
    };
  }
}

export function App(props: { readonly renderLoop: RenderLoop }) {
  return (
    <UiPrefsProvider>
      <EditorProvider>
        <Shell renderLoop={props.renderLoop} />
      </EditorProvider>
    </UiPrefsProvider>
  );
}

function Shell(props: { readonly renderLoop: RenderLoop }) {
  const { state } = useStore();
  const prefs = useUiPrefs();
  const { view, viewDispatch } = useView();
  const link = useUrlSync();
  useSimulation(link.openInitial);
  const preset = state.presets.find((p) => p.name === state.presetName);
  useTeaching(preset);
  const thumbnails = useThumbnails();
  // The open tabs are view state: they live in the link, so a shared link opens the same view.
  const mainView = MAIN_VIEWS.some((v) => v.id === view.tab) ? (view.tab as string) : MAIN_VIEWS[0].id;
  const sidePanel = SIDE_PANELS.some((v) => v.id === view.panel) ? (view.panel as string) : SIDE_PANELS[0].id;
  const setMainView = (tab: string) => viewDispatch({ type: "tab", tab });
  const setSidePanel = (panel: string) => viewDispatch({ type: "panel", panel });

  // Updated after children's effects, so once it reports a settled state
  // the canvases have already scheduled their frames.
  const committed = useRef<AppState>(state);
  const editToRedraw = useRef<number | null>(null);
  useEffect(() => {
    committed.current = state;
  });
  // After a result lands, the canvases' jobs are queued; this job runs after them in the same frame.
  const good = state.good;
  useEffect(() => {
    if (!good) return;
    props.renderLoop.schedule("~edit-to-redraw", () => {
      if (window.__lastEditAt !== undefined) editToRedraw.current = performance.now() - window.__lastEditAt;
    });
  }, [good, props.renderLoop]);
  useEffect(() => {
    window.__explorerIdle = () => !committed.current.simPending && props.renderLoop.isIdle();
    window.__explorerStats = () => {
      const result = committed.current.good?.result;
      return {
        lastFrameMs: props.renderLoop.lastFrameMs,
        lastFrameAt: props.renderLoop.lastFrameAt,
        simMs: result?.simMs ?? null,
        segments: result?.segments.reduce((sum, seg) => sum + seg.count, 0) ?? 0,
        editToRedrawMs: editToRedraw.current,
      };
    };
    return () => {
      delete window.__explorerIdle;
      delete window.__explorerStats;
    };
  }, [props.renderLoop]);

  const summary = state.good?.result.summary;
  const viewProps = { renderLoop: props.renderLoop };
  return (
    <div className={view.presenter ? "app presenter" : "app"}>
      <SimProgress />
      <Header />
      <LinkBar preset={preset} currentUrl={link.currentUrl} />
      <ErrorBanner message={state.error} showingLastGood={state.good !== null} />
      {view.page === "gallery" ? (
        <Gallery presets={state.presets} service={thumbnails} />
      ) : (
        <main>
          <GuideSlot preset={preset} />
          <div className="shell-bar">
            <SchedulerPicker />
            <DisplayControls />
          </div>
          {summary ? <CompareTable summary={summary} baseline={prefs.baseline} onBaseline={prefs.setBaseline} /> : !state.error && <p className="muted">Loading the engine…</p>}
          <PaperSlot preset={preset} />
          {summary && summary.runs.some((r) => r.metrics.loops) && <LoopPanel summary={summary} />}
          <div className="workspace">
            <Tabs label="Views" className="main-tabs" views={MAIN_VIEWS} active={mainView} onActive={setMainView} viewProps={viewProps} />
            <aside className="side" aria-label="Editors and tools">
              <Tabs label="Tools" className="side-tabs" views={SIDE_PANELS} active={sidePanel} onActive={setSidePanel} viewProps={viewProps} />
              <ScenarioEditor />
            </aside>
          </div>
        </main>
      )}
    </div>
  );
}
