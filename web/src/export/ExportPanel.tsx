// Downloads: the Gantts as PNG (the canvases as drawn) or SVG (visible
// window, same level of detail), the metrics as CSV, the scenario as JSON
// and the schedule as Chrome trace JSON for Perfetto UI and speedscope (docs/exports.md).
import { useState } from "react";
import { buildCompareTable, compareCsv } from "../compare/compare-model";
import { currentTheme } from "../logic/palette";
import { useAppStore, useEngine, useStoreApi } from "../state/AppProvider";
import { selectResult } from "../state/selectors";
import { TimeScale } from "../timeline/time-scale";
import { canvasesToPng, downloadBlob, downloadText } from "./download";
import { ganttSvg } from "./gantt-svg";

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "scenario";
}

export function ExportPanel(props: { readonly baseline: string | null }) {
  const engine = useEngine();
  const store = useStoreApi();
  const result = useAppStore(selectResult);
  const [status, setStatus] = useState("");
  if (!result) return <p className="muted">Nothing to export yet.</p>;
  const base = slug(result.summary.scenario_name);

  const ganttPng = async () => {
    const sections = [...document.querySelectorAll<HTMLElement>('[data-testid="gantt"]')];
    const parts = sections.flatMap((s) => {
      const canvas = s.querySelector("canvas");
      return canvas ? [{ caption: s.querySelector("h3")?.textContent ?? "", canvas }] : [];
    });
    const theme = currentTheme();
    downloadBlob(`${base}-gantt.png`, await canvasesToPng(parts, theme.background, theme.text));
    setStatus(`saved ${base}-gantt.png`);
  };
  const ganttSvgDownload = () => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="gantt-canvas"]');
    const width = canvas ? canvas.getBoundingClientRect().width : 1000;
    downloadText(`${base}-gantt.svg`, ganttSvg(result, new TimeScale(store.getState().sim.window, width), currentTheme()), "image/svg+xml");
    setStatus(`saved ${base}-gantt.svg`);
  };
  const csv = () => {
    downloadText(`${base}-metrics.csv`, compareCsv(buildCompareTable(result.summary, props.baseline)), "text/csv");
    setStatus(`saved ${base}-metrics.csv`);
  };
  const scenario = () => {
    const { good, scenarioText } = store.getState().sim;
    downloadText(`${base}.json`, good?.scenarioText ?? scenarioText, "application/json");
    setStatus(`saved ${base}.json`);
  };
  const trace = async () => {
    if (result.sessionId === undefined) return;
    try {
      downloadText(`${base}-trace.json`, await engine.exportChrome(result.sessionId), "application/json");
      setStatus(`saved ${base}-trace.json (open it in ui.perfetto.dev or speedscope)`);
    } catch (err) {
      setStatus(`could not export: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return (
    <div className="export-panel" data-testid="export-panel">
      <h3 className="panel-title">Export</h3>
      <div className="export-grid">
        <span>Gantt charts</span>
        <span>
          <button type="button" data-testid="export-gantt-png" onClick={() => void ganttPng()}>
            PNG
          </button>
          <button type="button" data-testid="export-gantt-svg" onClick={ganttSvgDownload} title="The visible window, sub-pixel segments merged as on screen">
            SVG
          </button>
        </span>
        <span>Metrics</span>
        <button type="button" data-testid="export-csv" onClick={csv}>
          CSV
        </button>
        <span>Scenario</span>
        <button type="button" data-testid="export-scenario" onClick={scenario}>
          JSON
        </button>
        <span>Schedule</span>
        <button type="button" data-testid="export-trace" onClick={() => void trace()} title="Chrome Trace Event JSON: one process per scheduler, one thread per core, dependency arrows, frequency, interference and PTT counters; opens in Perfetto UI and speedscope">
          Chrome trace
        </button>
      </div>
      <p className="muted small">Bar charts have their own PNG and SVG buttons in the Compare view.</p>
      <p className="muted small" aria-live="polite" data-testid="export-status">
        {status}
      </p>
    </div>
  );
}
