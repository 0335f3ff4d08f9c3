// Page layout: the top bar (header and link bar), the error banner, one line of scheduler and display
// pickers, then the workspace: the main views (tabs; the schedule first) with the collapsible results under
// them, beside the side column (the guide, then the editor and tool tabs; in presenter mode the guide and its
// metric only). Or the gallery, or the papers page. Views are registered in shell/views.tsx. Installs
// window.__explorerIdle() and __explorerStats() for the end-to-end tests and the benchmark.
import { sum } from "d3-array";
import { useEffect, useLayoutEffect, useRef } from "react";
import { SchedulerPicker } from "./compare/SchedulerPicker";
import "./shell/layout.css";
import { useUndoKeys } from "./editor/use-undo-keys";
import { useThumbnails } from "./gallery/use-thumbnails";
import { DisplayControls } from "./panels/DisplayControls";
import { ErrorBanner } from "./panels/ErrorBanner";
import { Header } from "./panels/Header";
import { ScenarioEditor } from "./panels/ScenarioEditor";
import { lazyComponent } from "./shell/lazy";
import { SimProgress } from "./shell/SimProgress";
import { Tabs } from "./shell/Tabs";
import { MAIN_VIEWS, SIDE_PANELS } from "./shell/views";
import { useActions, useAppStore, useStoreApi } from "./state/AppProvider";
import { selectBaseline, selectError, selectGood, selectPage, selectPreset, selectPresenter, selectPanel, selectPresets, selectSimPending, selectTab, selectView } from "./state/selectors";
import { useSimulation } from "./state/use-simulation";
import { Results } from "./shell/Results";
import { GuideMetric } from "./teach/GuideMetric";
import { GuideSlot, useTeaching } from "./teach/Teaching";
import type { RenderLoop } from "./timeline/render-loop";
import { LinkBar } from "./url/LinkBar";
import { useUrlSync } from "./url/use-url-sync";

const PapersPage = lazyComponent(() => import("./gallery/PapersPage").then((m) => m.PapersPage));
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

/** `onFirstGantt`: called once, in the frame that first draws a result (boot registers the offline cache then). */
export function App(props: { readonly renderLoop: RenderLoop; readonly onFirstGantt?: () => void }) {
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
  const view = useAppStore(selectView);
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

  // Updated after children's layout effects, so once it reports a settled state
  // the canvases have already scheduled their frames. Layout effects, not passive ones: Preact (which renders the
  // page, vite.config.ts) runs passive effects only after the next paint, which would leave a frame between a
  // committed result and its drawing, and let `__explorerIdle` report idle for a stale state in between.
  const committed = useRef({ simPending, good });
  const editToRedraw = useRef<number | null>(null);
  const firstGanttAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    committed.current = { simPending, good };
  });
  // After a result lands, the canvases' jobs are queued; this job runs after them in the same frame.
  const onFirstGantt = props.onFirstGantt;
  useLayoutEffect(() => {
    if (!good) return;
    props.renderLoop.schedule("~edit-to-redraw", () => {
      if (firstGanttAt.current === null) {
        firstGanttAt.current = performance.now();
        onFirstGantt?.();
      }
      store.getState().actions.resultDrawn();
      const lastEditAt = store.getState().editor.lastEditAtMs;
      if (lastEditAt !== null) editToRedraw.current = performance.now() - lastEditAt;
    });
  }, [good, props.renderLoop, store, onFirstGantt]);
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
    <div className={["app", presenter && "presenter", view.predict && view.revealed !== view.step && view.step !== null && "predicting"].filter(Boolean).join(" ")}>
      <SimProgress />
      <div className="top-bar">
        <Header />
        <LinkBar preset={preset} currentUrl={link.currentUrl} />
      </div>
      <ErrorBanner message={error} showingLastGood={good !== null} />
      {page === "gallery" ? (
        <Gallery presets={presets} service={thumbnails} />
      ) : page === "papers" ? (
        <PapersPage presets={presets} />
      ) : (
        <main>
          <div className="shell-bar">
            <SchedulerPicker />
            <DisplayControls />
          </div>
          <div className="workspace">
            <div className="main-col">
              <Tabs label="Views" className="main-tabs" views={MAIN_VIEWS} active={mainView} onActive={actions.setTab} viewProps={viewProps} />
              {summary ? <Results summary={summary} baseline={baseline} onBaseline={actions.setBaseline} preset={preset} /> : !error && <p className="muted">Loading the engine…</p>}
            </div>
            <aside className="side" aria-label={presenter ? "Guide" : "Guide, editors and tools"}>
              <GuideSlot preset={preset} />
              {presenter && summary && <GuideMetric preset={preset} summary={summary} />}
              {!presenter && (
                <>
                  <Tabs label="Tools" className="side-tabs" views={SIDE_PANELS} active={sidePanel} onActive={actions.setPanel} viewProps={viewProps} />
                  <ScenarioEditor />
                </>
              )}
            </aside>
          </div>
        </main>
      )}
    </div>
  );
}
