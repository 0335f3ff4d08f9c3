// Import a trace recorded on real hardware: drop files or pick them, watch
// the progress bar (Cancel stops the worker), read the diagnostics, then
// "Calibrate and simulate" loads a scenario built from the trace, or
// "Export Chrome JSON" saves it for Perfetto.
import { type DragEvent, useCallback, useMemo, useRef, useState } from "react";
import { ImportCancelledError, type ImportFiles, TraceImportClient } from "../engine/import-client";
import { formatDuration } from "../logic/format";
import { buildImportedView, diagnosticText, nothingImported } from "../logic/imported-trace";
import { useActions, useAppStore } from "../state/AppProvider";
import { buildReplayView } from "../logic/replay-view";
import { selectImported } from "../state/selectors";
import { ReplayTable } from "./ReplayTable";

type Status =
  | { readonly kind: "idle" }
  | { readonly kind: "parsing"; readonly name: string; readonly fraction: number }
  | { readonly kind: "done"; readonly message: string }
  | { readonly kind: "error"; readonly message: string };

/** The trace among dropped files, with Paraver's side files next to a .prv. */
export function pickFiles(files: readonly File[]): ImportFiles | null {
  const byExt = (ext: string) => files.find((f) => f.name.toLowerCase().endsWith(ext));
  const trace = files.find((f) => !/\.(pcf|row)$/i.test(f.name));
  if (!trace) return null;
  return { trace, pcf: byExt(".pcf"), row: byExt(".row") };
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ImportPanel() {
  const { importLoaded, importCleared, calibrationLoaded, replayLoaded } = useActions();
  const client = useMemo(() => new TraceImportClient(), []);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [dragging, setDragging] = useState(false);
  /** Cluster sizes typed by the user ("4,4"); empty: inferred from frequency domains. */
  const [split, setSplit] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const imported = useAppStore(selectImported);
  /** The last import against its replays (in the store, drawn under the recording); a new import clears it. */
  const replay = useAppStore((s) => s.sim.replay);

  const start = useCallback(
    (files: readonly File[]) => {
      const picked = pickFiles(files);
      if (!picked) {
        setStatus({ kind: "error", message: "Drop a trace file (a .pcf or .row alone is not a trace)." });
        return;
      }
      const name = picked.trace.name;
      setStatus({ kind: "parsing", name, fraction: 0 });
      client.importFiles(picked, (fraction) => setStatus({ kind: "parsing", name, fraction })).then(
        (result) => {
          // A file nothing came of says what it was; the simulated scenario stays (the worker has forgotten any earlier
          // trace, so it goes from the page too).
          const nothing = nothingImported(name, result);
          if (nothing) {
            importCleared();
            setStatus({ kind: "error", message: nothing });
            return;
          }
          importLoaded(buildImportedView(name, result));
          const s = result.summary;
          const problems = s.diagnostics > 0 ? `; ${s.diagnostics} problem${s.diagnostics === 1 ? "" : "s"} found, the rest is shown` : "";
          setStatus({ kind: "done", message: `${name}: ${s.format}, ${s.segments.toLocaleString()} slices in ${Math.round(result.parseMs)} ms${problems}` });
        },
        (err: unknown) => {
          if (err instanceof ImportCancelledError) setStatus({ kind: "done", message: `Import of ${name} cancelled.` });
          else setStatus({ kind: "error", message: err instanceof Error ? err.message : String(err) });
        },
      );
    },
    [client, importLoaded, importCleared],
  );

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    start(Array.from(event.dataTransfer.files));
  };

  const calibrate = () => {
    if (split.includes(":")) {
      setStatus({ kind: "error", message: `The page calibrates from cluster sizes such as "4,4"; CPU sets such as "${split}" drive "Replay and compare" here and \`asymlab calibrate --clusters\` on the command line.` });
      return;
    }
    const sizes = split.split(/[,\s]+/).filter((x) => x !== "").map(Number);
    if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
      setStatus({ kind: "error", message: `Cluster sizes must be whole numbers such as "4,4", got "${split}".` });
      return;
    }
    client.calibrate(sizes.length > 0 ? JSON.stringify({ clusters: sizes }) : "").then(
      (cal) => {
        calibrationLoaded(cal.scenario);
        setStatus({ kind: "done", message: "Calibrated scenario loaded: every scheduler runs it below the imported trace." });
      },
      (err: unknown) => setStatus({ kind: "error", message: `Cannot calibrate: ${err instanceof Error ? err.message : String(err)}` }),
    );
  };

  const exportChrome = () => {
    if (!imported) return;
    client.exportChrome(imported.fileName).then(
      (text) => download(`${imported.fileName.replace(/\.(gz|json|html?|txt|prv)$/i, "")}.chrome.json`, text),
      (err: unknown) => setStatus({ kind: "error", message: err instanceof Error ? err.message : String(err) }),
    );
  };

  const runReplay = () => {
    const clusters = split.includes(":") ? split : "";
    client.replay(JSON.stringify({ all: true, ...(clusters ? { clusters } : {}) })).then(
      (result) => {
        replayLoaded(buildReplayView(result));
        setStatus({ kind: "done", message: `Replayed: the recording against ${result.runs[0]?.scheduler ?? "linux"} (recorded wake-up CPUs), the recorded placement and every OS-level scheduler.` });
      },
      (err: unknown) => setStatus({ kind: "error", message: `Cannot replay: ${err instanceof Error ? err.message : String(err)}` }),
    );
  };

  const parsing = status.kind === "parsing";
  return (
    <section className="import-panel" aria-label="Import a trace">
      <div
        className={`drop-zone${dragging ? " dragging" : ""}`}
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span>
          Drop a real trace here (ftrace / trace-cmd report text, Android systrace .html, Perfetto .perfetto-trace / .pftrace, Chrome JSON or .json.gz, Taskflow JSON, Paraver .prv with its .pcf and .row, Paje) or{" "}
        </span>
        <button type="button" onClick={() => inputRef.current?.click()} disabled={parsing}>
          choose files…
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          data-testid="trace-file-input"
          onChange={(e) => {
            start(Array.from(e.currentTarget.files ?? []));
            e.currentTarget.value = "";
          }}
        />
      </div>
      {parsing && (
        <div className="import-progress" data-testid="import-progress">
          <span>Parsing {status.name}…</span>
          <progress max={1} value={status.fraction} />
          <span>{Math.round(status.fraction * 100)}%</span>
          <button type="button" onClick={() => client.cancel()}>
            Cancel
          </button>
        </div>
      )}
      {(status.kind === "done" || status.kind === "error") && (
        <p className={status.kind === "error" ? "import-error" : "import-status"} data-testid="import-status" role={status.kind === "error" ? "alert" : undefined}>
          {status.message}
        </p>
      )}
      {imported && !parsing && (
        <div className="import-actions">
          <label className="muted" title="Cluster sizes over the trace's CPUs in order (or its lanes when it has none); empty: inferred from frequency domains">
            clusters{" "}
            <input className="split-input" data-testid="cluster-split" value={split} placeholder="auto" size={6} onChange={(e) => setSplit(e.currentTarget.value)} />
          </label>
          <button type="button" data-testid="calibrate" onClick={calibrate} title="Infer clusters, speed ratios and tasks from the trace, then run every scheduler on them">
            Calibrate and simulate
          </button>
          <button type="button" data-testid="replay" onClick={runReplay} title="Replay the recorded threads under linux (and every OS-level scheduler) on the platform found in the trace; clusters as CPU sets such as 1,2:0,3-5">
            Replay and compare
          </button>
          <button type="button" data-testid="export-chrome" onClick={exportChrome} title="Chrome Trace Event JSON, one process named after the file; opens in ui.perfetto.dev and speedscope">
            Export Chrome JSON
          </button>
          <button type="button" onClick={importCleared}>
            Remove trace
          </button>
          <span className="muted">span {formatDuration(imported.spanNs)}</span>
        </div>
      )}
      {imported && replay && <ReplayTable result={replay.result} />}
      {imported && imported.result.diagnostics.length > 0 && (
        <details className="import-diagnostics" data-testid="import-diagnostics">
          <summary>
            {imported.result.summary.diagnostics} problem{imported.result.summary.diagnostics === 1 ? "" : "s"} while parsing (what parsed is shown)
          </summary>
          <ul>
            {imported.result.diagnostics.slice(0, 50).map((d, i) => (
              <li key={i}>{diagnosticText(d)}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
