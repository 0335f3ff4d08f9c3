// Form editors beside the JSON editor: the platform (clusters, cores,
// frequency levels, ratios, power) and the workload (the random stream, then a form per
// workload kind: layered DAG, explicit DAG, loop program, application mix).
// Every field validates as you type; the engine's error shows next to the
// field its path names.
import { AppsForm } from "./AppsForm";
import { DagForm } from "./DagForm";
import { setPath, useFormContext } from "./form-context";
import { checkCluster } from "./form-fields";
import { FormField, UnplacedError } from "./FormField";
import { LayeredForm } from "./LayeredForm";
import { LoopForm } from "./LoopForm";

export { setPath };

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
            <FormField path={`${p}.cluster_w`} label="cluster power" unit="W per level while a core is busy (optional)" value={cluster.cluster_w} rule={{ kind: "number-list-optional", min: 0 }} crossError={cross.cluster_w} engineError={errorAt(`${p}.cluster_w`)} onValue={set(`${p}.cluster_w`)} />
          </fieldset>
        );
      })}
      <UnplacedError prefix="platform" error={engineError} />
    </form>
  );
}

export function WorkloadForm() {
  const ctx = useFormContext();
  const { parsed, errorAt, set, engineError } = ctx;
  if (!parsed.ok) return <p className="field-error">{parsed.message}</p>;
  const w = (parsed.value.workload ?? {}) as Record<string, unknown>;
  const classes = (Array.isArray(parsed.value.classes) ? parsed.value.classes : []).map((c) => String((c as Record<string, unknown>).name));
  return (
    <form className="scenario-form" data-testid="workload-form" data-kind={String(w.kind)} onSubmit={(e) => e.preventDefault()}>
      <h3 className="panel-title">Workload</h3>
      <FormField path="seed" label="Random stream #" help="Which stream of random numbers this scenario uses (work-steal victims, random phases, exploration). The same number gives the same schedule every time; another number gives another, equally likely run." value={parsed.value.seed} rule={{ kind: "int", min: 0, max: 2 ** 53 }} engineError={errorAt("seed")} onValue={set("seed")} />
      {w.kind === "layered" ? (
        <LayeredForm ctx={ctx} workload={w} />
      ) : w.kind === "loop_program" ? (
        <LoopForm ctx={ctx} workload={w} classes={classes} />
      ) : w.kind === "applications" ? (
        <AppsForm ctx={ctx} workload={w} />
      ) : w.kind === "dag" ? (
        <DagForm ctx={ctx} workload={w} />
      ) : (
        <p className="muted small">This workload ({String(w.kind)}) has no form yet; edit it in the Scenario JSON.</p>
      )}
      <UnplacedError prefix="workload" error={engineError} />
    </form>
  );
}
