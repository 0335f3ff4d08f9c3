// The OS-level lab: pick a paper figure (or applications, mixes, configurations, schedulers, seeds), run the sweep in
// the engine worker cell by cell with a progress bar, read the results in the papers' chart forms, and, for a figure,
// the engine's verdicts on its claims.
import { useEffect, useRef, useState } from "react";
import type { CellRow, ClaimResult } from "../engine/engine-types";
import { useStore } from "../state/StoreProvider";
import { ClaimTable } from "../teach/ClaimTable";
import { OsCharts } from "./OsCharts";
import type { ChartKind, FigureInfo, OsCatalog, SweepRow } from "./os-types";
import { flattenRows } from "./sweep-stats";
import { type Selection, SweepPickers } from "./SweepPickers";

const CSV_COLUMNS = ["index", "scheduler", "config", "workload", "seed", "makespan_ns", "speedup", "ideal_speedup", "avg_power_w", "energy_j", "edp_js", "energy_norm", "edp_norm", "migrations"] as const;

function toCsv(rows: readonly SweepRow[]): string {
  const lines = rows.map((r) => CSV_COLUMNS.map((c) => String(r[c] ?? "")).join(","));
  return [CSV_COLUMNS.join(","), ...lines].join("\n") + "\n";
}

function fromFigure(f: FigureInfo): Selection {
  return { schedulers: f.sweep.schedulers, configs: f.sweep.configs, workloads: f.sweep.workloads, seeds: f.sweep.seeds };
}

export function OsLab() {
  const { engine, dispatch } = useStore();
  const [catalog, setCatalog] = useState<OsCatalog | null>(null);
  const [figureName, setFigureName] = useState("");
  const [sel, setSel] = useState<Selection>({ schedulers: [], configs: [], workloads: [], seeds: 1 });
  const [rows, setRows] = useState<SweepRow[]>([]);
  const [ranSel, setRanSel] = useState<Selection | null>(null);
  const [ranFigure, setRanFigure] = useState<FigureInfo | null>(null);
  const [claims, setClaims] = useState<ClaimResult[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const token = useRef(0);

  useEffect(() => {
    engine.osCatalog().then(
      (c) => {
        setCatalog(c);
        const first = c.figures[0];
        if (first) {
          setFigureName(first.name);
          setSel(fromFigure(first));
        }
      },
      (e: unknown) => setError(String(e)),
    );
    return () => {
      token.current++;
    };
  }, [engine]);

  if (!catalog) return null;
  const figure = catalog.figures.find((f) => f.name === figureName);
  const chart: ChartKind = figure?.sweep.chart ?? (sel.workloads.every((w) => catalog.apps.some((a) => a.name === w)) ? "speedup" : "makespan");

  const pickFigure = (name: string) => {
    setFigureName(name);
    const f = catalog.figures.find((x) => x.name === name);
    if (f) setSel(fromFigure(f));
  };
  const run = async () => {
    const mine = ++token.current;
    setError(null);
    setRows([]);
    setClaims([]);
    const grid = { ...sel, seeds: Array.from({ length: sel.seeds }, (_, i) => i + 1) };
    try {
      // A figure runs its claims' cells, so the engine can evaluate them; a custom selection runs its grid.
      const cells = figure ? await engine.claimCells(figure.name) : await engine.sweepCells(grid);
      setProgress({ done: 0, total: cells.length });
      setRanSel(sel);
      setRanFigure(figure ?? null);
      const acc: CellRow[] = [];
      for (const cell of cells) {
        if (token.current !== mine) return;
        acc.push(await engine.runCell(cell));
        setRows(flattenRows(acc));
        setProgress({ done: acc.length, total: cells.length });
      }
      if (figure && token.current === mine) setClaims(await engine.evaluateClaims(figure.name, acc));
    } catch (e) {
      if (token.current === mine) setError(e instanceof Error ? e.message : String(e));
    }
  };
  const openGantt = () => {
    if (!figure) return;
    dispatch({ type: "loading" });
    engine.presetScenario(figure.name).then(
      (text) => dispatch({ type: "scenarioSet", text, debounceMs: 0, presetName: figure.name, platformName: "" }),
      (e: unknown) => setError(String(e)),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: "text/csv" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${figureName || "sweep"}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const running = progress !== null && progress.done < progress.total;
  const cells = sel.schedulers.length * sel.configs.length * sel.workloads.length * sel.seeds;

  return (
    <section className="os-lab" data-testid="os-lab">
      <h2>OS level · multithreaded applications</h2>
      <div className="os-toolbar">
        <label className="picker">
          Figure
          <select data-testid="os-figure" value={figureName} onChange={(e) => pickFigure(e.target.value)}>
            <option value="">(custom)</option>
            {catalog.figures.map((f) => (
              <option key={f.name} value={f.name}>
                {f.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="os-run" onClick={() => void run()} disabled={cells === 0}>
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
        <summary>Applications, mixes, configurations, schedulers, seeds</summary>
        <SweepPickers
          catalog={catalog}
          value={sel}
          onChange={(next) => {
            setSel(next);
            setFigureName("");
          }}
        />
      </details>
      {error && (
        <p className="error-banner" role="alert">
          {error}
        </p>
      )}
      {ranSel && <OsCharts rows={rows} sel={ranSel} chart={ranFigure?.sweep.chart ?? chart} />}
      {ranFigure && <ClaimTable rows={claims} heading={`Paper vs simulated · ${ranFigure.title}`} />}
    </section>
  );
}
