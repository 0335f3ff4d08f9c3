// Page layout: header, link bar, error banner, the scheduler picker and comparison
// table, then the workspace: main views (tabs) beside the side panel (tabs),
// or the gallery. Views are registered in shell/views.tsx. Installs
// window.__explorerIdle() and __explorerStats() for the end-to-end tests and the benchmark.
import { sum } from "d3-array";
import { useEffect, useRef } from "react";
import { CompareTable } from "./compare/CompareTable";
import { SchedulerPicker } from "./compare/SchedulerPicker";
import { useUndoKeys } from "./editor/use-undo-keys";
import { useThumbnails } from "./gallery/use-thumbnails";
import { DisplayControls } from "./panels/DisplayControls";
import { ErrorBanner } from "./panels/ErrorBanner";
import { Header } from "./panels/Header";
import { LoopPanel } from "./panels/loops/LoopPanel";
import { ScenarioEditor } from "./panels/ScenarioEditor";
import { lazyComponent } from "./shell/lazy";
import { SimProgress } from "./shell/SimProgress";
import { Tabs } from "./shell/Tabs";
import { MAIN_VIEWS, SIDE_PANELS } from "./shell/views";
import { useActions, useAppStore, useStoreApi } from "./state/AppProvider";
import { selectBaseline, selectError, selectGood, selectPage, selectPreset, selectPresenter, selectPanel, selectPresets, selectSimPending, selectTab } from "./state/selectors";
import { useSimulation } from "./state/use-simulation";
import { GuideSlot, PaperSlot, useTeaching } from "./teach/Teaching";
import type { RenderLoop } from "./timeline/render-loop";
import { LinkBar } from "./url/LinkBar";
import { useUrlSync } from "./url/use-url-sync";

const Gallery = lazyComponent(() => import("./gallery/Gallery").then((m) => m.Gallery));

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
      /** performance.now() (ms since navigation) at the end of the first frame drawn with a result: the first Gantt. */
      firstGanttAt: number | null;
    };
  }
}

export function App(props: { readonly renderLoop: RenderLoop }) {
  const store = useStoreApi();
  const actions = useActions();
  const good = useAppStore(selectGood);
  const simPending = useAppStore(selectSimPending);
  const error = useAppStore(selectError);
  const presets = useAppStore(selectPresets);
  const preset = useAppStore(selectPreset);
  const page = useAppStore(selectPage);
  const presenter = useAppStore(selectPresenter);
  const tab = useAppStore(selectTab);
  const panel = useAppStore(selectPanel);
  const baseline = useAppStore(selectBaseline);
  const link = useUrlSync();
  useSimulation(link.openInitial);
  useUndoKeys();
  useTeaching(preset);
  const thumbnails = useThumbnails();
  // The open tabs are view state: they live in the link, so a shared link opens the same view.
  const mainView = MAIN_VIEWS.some((v) => v.id === tab) ? (tab as string) : MAIN_VIEWS[0].id;
  const sidePanel = SIDE_PANELS.some((v) => v.id === panel) ? (panel as string) : SIDE_PANELS[0].id;

  // Updated after children's effects, so once it reports a settled state
  // the canvases have already scheduled their frames.
  const committed = useRef({ simPending, good });
  const editToRedraw = useRef<number | null>(null);
  const firstGanttAt = useRef<number | null>(null);
  useEffect(() => {
    committed.current = { simPending, good };
  });
  // After a result lands, the canvases' jobs are queued; this job runs after them in the same frame.
  useEffect(() => {
    if (!good) return;
    props.renderLoop.schedule("~edit-to-redraw", () => {
      firstGanttAt.current ??= performance.now();
      const lastEditAt = store.getState().editor.lastEditAtMs;
      if (lastEditAt !== null) editToRedraw.current = performance.now() - lastEditAt;
    });
  }, [good, props.renderLoop, store]);
  useEffect(() => {
    window.__explorerIdle = () => !committed.current.simPending && props.renderLoop.isIdle();
    window.__explorerStats = () => {
      const result = committed.current.good?.result;
      return {
        lastFrameMs: props.renderLoop.lastFrameMs,
        lastFrameAt: props.renderLoop.lastFrameAt,
        simMs: result?.simMs ?? null,
        segments: sum(result?.segments ?? [], (seg) => seg.count),
        editToRedrawMs: editToRedraw.current,
        firstGanttAt: firstGanttAt.current,
      };
    };
    return () => {
      delete window.__explorerIdle;
      delete window.__explorerStats;
    };
  }, [props.renderLoop]);

  const summary = good?.result.summary;
  const viewProps = { renderLoop: props.renderLoop };
  return (
    <div className={presenter ? "app presenter" : "app"}>
      <SimProgress />
      <Header />
      <LinkBar preset={preset} currentUrl={link.currentUrl} />
      <ErrorBanner message={error} showingLastGood={good !== null} />
      {page === "gallery" ? (
        <Gallery presets={presets} service={thumbnails} />
      ) : (
        <main>
          <GuideSlot preset={preset} />
          <div className="shell-bar">
            <SchedulerPicker />
            <DisplayControls />
          </div>
          {summary ? <CompareTable summary={summary} baseline={baseline} onBaseline={actions.setBaseline} /> : !error && <p className="muted">Loading the engine…</p>}
          <PaperSlot preset={preset} />
          {summary && summary.level === "loops" && <LoopPanel summary={summary} />}
          <div className="workspace">
            <Tabs label="Views" className="main-tabs" views={MAIN_VIEWS} active={mainView} onActive={actions.setTab} viewProps={viewProps} />
            <aside className="side" aria-label="Editors and tools">
              <Tabs label="Tools" className="side-tabs" views={SIDE_PANELS} active={sidePanel} onActive={actions.setPanel} viewProps={viewProps} />
              <ScenarioEditor />
            </aside>
          </div>
        </main>
      )}
    </div>
  );
}
