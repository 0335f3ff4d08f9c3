// The OS-level lab: pick a paper figure (or applications, mixes, configurations, schedulers, seeds), run the sweep in
// the engine worker cell by cell with a progress bar, read the results in the papers' chart forms, and, for a figure,
// the engine's verdicts on its claims.
import { useEffect } from "react";
import { useActions, useAppStore } from "../state/AppProvider";
import { cellCount } from "../state/os-lab";
import { selectOsFigure, selectOsLab, selectSweepRunning } from "../state/selectors";
import { downloadText } from "../export/download";
import { sweepCsv } from "./sweep-csv";
import { OsCharts } from "./OsCharts";
import type { ChartKind } from "../types/os-lab";
import { SweepPickers } from "./SweepPickers";
import { ClaimTable } from "../teach/ClaimTable";

export function OsLab() {
  const actions = useActions();
  const { catalog, figureName, selection: sel, rows, ran, progress, error, claims } = useAppStore(selectOsLab);
  const figure = useAppStore(selectOsFigure);
  const running = useAppStore(selectSweepRunning);
  useEffect(actions.loadOsCatalog, [actions]);

  if (!catalog) return null;
  const chart: ChartKind = figure?.sweep.chart ?? (sel.workloads.every((w) => catalog.apps.some((a) => a.name === w)) ? "speedup" : "makespan");
  const openGantt = () => figure && actions.loadPreset(figure.name);
  const download = () => downloadText(`${figureName || "sweep"}.csv`, sweepCsv(rows), "text/csv");
  const cells = cellCount(sel);

  return (
    <section className="os-lab" data-testid="os-lab">
      <h2>OS level · multithreaded applications</h2>
      <div className="os-toolbar">
        <label className="picker">
          Figure
          <select data-testid="os-figure" value={figureName} onChange={(e) => actions.pickFigure(e.target.value)}>
            <option value="">(custom)</option>
            {catalog.figures.map((f) => (
              <option key={f.name} value={f.name}>
                {f.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="os-run" onClick={() => void actions.runSweep()} disabled={cells === 0}>
          {running ? "Restart sweep" : `Run sweep (${cells} cells)`}
        </button>
        {figure && (
          <button type="button" onClick={openGantt} title="Load this figure's example scenario into the Gantt charts below">
            Show example in Gantt
          </button>
        )}
        {rows.length > 0 && !running && (
          <button type="button" onClick={download}>
            Export CSV
          </button>
        )}
        {progress && (
          <span className="os-progress" data-testid="os-progress">
            <progress max={progress.total} value={progress.done} /> {progress.done} / {progress.total} cells
          </span>
        )}
      </div>
      {figure && <p className="muted">{figure.description}</p>}
      <details className="os-picker-box">
        <summary>Applications, mixes, configurations, schedulers, repetitions</summary>
        <SweepPickers catalog={catalog} value={sel} onChange={actions.setSweepSelection} />
      </details>
      {error && (
        <p className="error-banner" role="alert">
          {error}
        </p>
      )}
      {ran && <OsCharts rows={rows} sel={ran.selection} chart={ran.figure?.sweep.chart ?? chart} />}
      {ran?.figure && <ClaimTable rows={claims} heading={`Paper vs simulated · ${ran.figure.title}`} />}
    </section>
  );
}
