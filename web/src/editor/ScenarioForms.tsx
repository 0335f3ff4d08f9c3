// Form editors beside the JSON editor: the platform (clusters, cores,
// frequency levels, ratios, power) and the workload (layered DAG parameters
// and the seed). Every field validates as you type; the engine's error shows
// next to the field its path names.
import { parseScenarioCached } from "./parsed";
import { useStore } from "../state/StoreProvider";
import { type Scenario, useEditor } from "./EditorProvider";
import { splitErrorPath } from "./events-model";
import { checkCluster } from "./form-fields";
import { FormField } from "./FormField";

const FORM_DEBOUNCE_MS = 250;

/** Sets `path` (dot/bracket notation, e.g. "platform.clusters[1].cores") in a copy of `scenario`. */
export function setPath(scenario: Scenario, path: string, value: unknown): Scenario {
  const keys = path.match(/[^.[\]]+/g) ?? [];
  const root: Scenario = structuredClone(scenario);
  let node: Record<string, unknown> | unknown[] = root;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const k: string | number = Array.isArray(node) ? Number(key) : key;
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[k] = value;
    } else {
      node = container[k] as Record<string, unknown> | unknown[];
    }
  });
  return root;
}

function useFormContext() {
  const { state } = useStore();
  const editor = useEditor();
  const parsed = parseScenarioCached(state.scenarioText);
  const engineError = splitErrorPath(state.error);
  const errorAt = (path: string) => (engineError?.path === path ? engineError.message : undefined);
  const set = (path: string) => (value: unknown) => editor.edit((s) => setPath(s, path, value), { coalesce: `form-${path}`, debounceMs: FORM_DEBOUNCE_MS });
  return { parsed, errorAt, set, engineError };
}

export function PlatformForm() {
  const { parsed, errorAt, set, engineError } = useFormContext();
  if (!parsed.ok) return <p className="field-error">{parsed.message}</p>;
  const platform = (parsed.value.platform ?? {}) as Record<string, unknown>;
  const clusters = (Array.isArray(platform.clusters) ? platform.clusters : []) as Record<string, unknown>[];
  return (
    <form className="scenario-form" data-testid="platform-form" onSubmit={(e) => e.preventDefault()}>
      <h3 className="panel-title">Platform</h3>
      <FormField path="platform.name" label="name" value={platform.name} rule={{ kind: "text" }} engineError={errorAt("platform.name")} onValue={set("platform.name")} />
      {clusters.map((cluster, c) => {
        const p = `platform.clusters[${c}]`;
        const cross = checkCluster(cluster);
        return (
          <fieldset key={c} className="cluster-fields">
            <legend>
              Cluster {c}: {String(cluster.name)}
            </legend>
            <FormField path={`${p}.name`} label="name" value={cluster.name} rule={{ kind: "text" }} engineError={errorAt(`${p}.name`)} onValue={set(`${p}.name`)} />
            <FormField path={`${p}.core_type`} label="core type" value={cluster.core_type} rule={{ kind: "text" }} engineError={errorAt(`${p}.core_type`)} onValue={set(`${p}.core_type`)} />
            <FormField path={`${p}.cores`} label="cores" value={cluster.cores} rule={{ kind: "int", min: 1, max: 1024 }} engineError={errorAt(`${p}.cores`)} onValue={set(`${p}.cores`)} />
            <FormField path={`${p}.freqs_mhz`} label="levels" unit="MHz" value={cluster.freqs_mhz} rule={{ kind: "int-list", min: 1, ascending: true }} engineError={errorAt(`${p}.freqs_mhz`)} onValue={set(`${p}.freqs_mhz`)} />
            <FormField path={`${p}.freq_mhz`} label="start level" unit="MHz" value={cluster.freq_mhz} rule={{ kind: "int", min: 1 }} crossError={cross.freq_mhz} engineError={errorAt(`${p}.freq_mhz`)} onValue={set(`${p}.freq_mhz`)} />
            <FormField path={`${p}.ref_freq_mhz`} label="reference" unit="MHz" value={cluster.ref_freq_mhz} rule={{ kind: "int", min: 1 }} engineError={errorAt(`${p}.ref_freq_mhz`)} onValue={set(`${p}.ref_freq_mhz`)} />
            <FormField path={`${p}.ratio`} label="speed ratio" unit="× reference core" value={cluster.ratio} rule={{ kind: "number", min: 0.001 }} engineError={errorAt(`${p}.ratio`)} onValue={set(`${p}.ratio`)} />
            <FormField path={`${p}.active_w`} label="busy power" unit="W per level" value={cluster.active_w} rule={{ kind: "number-list", min: 0 }} crossError={cross.active_w} engineError={errorAt(`${p}.active_w`)} onValue={set(`${p}.active_w`)} />
            <FormField path={`${p}.idle_w`} label="idle power" unit="W per level" value={cluster.idle_w} rule={{ kind: "number-list", min: 0 }} crossError={cross.idle_w} engineError={errorAt(`${p}.idle_w`)} onValue={set(`${p}.idle_w`)} />
          </fieldset>
        );
      })}
      {engineError?.path.startsWith("platform") && !document.querySelector(`[data-path="${engineError.path}"]`) && (
        <p className="field-error" role="alert">
          {engineError.path}: {engineError.message}
        </p>
      )}
    </form>
  );
}

export function WorkloadForm() {
  const { parsed, errorAt, set } = useFormContext();
  if (!parsed.ok) return <p className="field-error">{parsed.message}</p>;
  const w = (parsed.value.workload ?? {}) as Record<string, unknown>;
  return (
    <form className="scenario-form" data-testid="workload-form" onSubmit={(e) => e.preventDefault()}>
      <h3 className="panel-title">Workload</h3>
      <FormField path="seed" label="seed" value={parsed.value.seed} rule={{ kind: "int", min: 0, max: 2 ** 53 }} engineError={errorAt("seed")} onValue={set("seed")} />
      {w.kind === "layered" ? (
        <>
          <p className="muted small">Seed 001's layered DAG: layers of P tasks, one critical (high priority) per layer, whose completion releases the next layer.</p>
          <FormField path="workload.kernel" label="kernel" value={w.kernel} rule={{ kind: "text" }} options={["matmul", "copy", "stencil"]} engineError={errorAt("workload.kernel")} onValue={set("workload.kernel")} />
          <FormField path="workload.parallelism" label="parallelism" unit="tasks per layer" value={w.parallelism} rule={{ kind: "int", min: 1 }} engineError={errorAt("workload.parallelism")} onValue={set("workload.parallelism")} />
          <FormField path="workload.tasks" label="tasks" value={w.tasks} rule={{ kind: "int", min: 1 }} engineError={errorAt("workload.tasks")} onValue={set("workload.tasks")} />
          <FormField path="workload.tile" label="tile" unit="(empty: kernel default)" value={w.tile} rule={{ kind: "int-optional", min: 1 }} engineError={errorAt("workload.tile")} onValue={set("workload.tile")} />
          <FormField path="workload.work_ns" label="work" unit="ns per task (empty: from tile)" value={w.work_ns} rule={{ kind: "number-optional", min: 0 }} engineError={errorAt("workload.work_ns")} onValue={set("workload.work_ns")} />
          <FormField path="workload.jitter_cv" label="jitter" unit="coefficient of variation" value={w.jitter_cv} rule={{ kind: "number", min: 0 }} engineError={errorAt("workload.jitter_cv")} onValue={set("workload.jitter_cv")} />
        </>
      ) : (
        <p className="muted small">This workload ({String(w.kind)}) has no form yet; edit it in the Scenario JSON.</p>
      )}
    </form>
  );
}
