// Page layout: header, error banner, metrics, scenario editor, Gantts.
// Installs window.__explorerIdle() for the end-to-end tests.
import { useEffect, useRef } from "react";
import { ErrorBanner } from "./panels/ErrorBanner";
import { Header } from "./panels/Header";
import { ImportPanel } from "./panels/ImportPanel";
import { LoopPanel } from "./panels/loops/LoopPanel";
import { OsLab } from "./os-lab/OsLab";
import { MetricsTable } from "./panels/MetricsTable";
import { ScenarioEditor } from "./panels/ScenarioEditor";
import type { AppState } from "./state/store";
import { useStore } from "./state/StoreProvider";
import { useSimulation } from "./state/use-simulation";
import type { RenderLoop } from "./timeline/render-loop";
import { Timeline } from "./timeline/Timeline";

declare global {
  interface Window {
    __explorerIdle?: () => boolean;
    __explorerStats?: () => { lastFrameMs: number; simMs: number | null; segments: number };
  }
}

export function App(props: { readonly renderLoop: RenderLoop }) {
  const { state } = useStore();
  useSimulation();

  // Updated after children's effects, so once it reports a settled state
  // the canvases have already scheduled their frames.
  const committed = useRef<AppState>(state);
  useEffect(() => {
    committed.current = state;
  });
  useEffect(() => {
    window.__explorerIdle = () => !committed.current.simPending && props.renderLoop.isIdle();
    window.__explorerStats = () => {
      const result = committed.current.good?.result;
      return {
        lastFrameMs: props.renderLoop.lastFrameMs,
        simMs: result?.simMs ?? null,
        segments: result?.segments.reduce((sum, seg) => sum + seg.count, 0) ?? 0,
      };
    };
    return () => {
      delete window.__explorerIdle;
      delete window.__explorerStats;
    };
  }, [props.renderLoop]);

  const summary = state.good?.result.summary;
  return (
    <div className="app">
      <Header />
      <ErrorBanner message={state.error} showingLastGood={state.good !== null} />
      <main>
        {summary ? <MetricsTable summary={summary} /> : !state.error && <p className="muted">Loading the engine…</p>}
        {summary && summary.runs.some((r) => r.metrics.loops) && <LoopPanel summary={summary} scenarioText={state.good?.scenarioText ?? ""} />}
        <ScenarioEditor />
        <ImportPanel />
        <Timeline renderLoop={props.renderLoop} />
        <OsLab />
      </main>
    </div>
  );
}
