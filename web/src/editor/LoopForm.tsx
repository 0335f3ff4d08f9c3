// Form of a loop program (Saez et al., `workload.kind == "loop_program"`):
// threads, repeat, the runtime's costs, and per phase its work, class,
// iterations, chunk and cost profile.
import { FormField, ReadOnlyField } from "./FormField";
import type { FormContext } from "./form-context";
import { checkExplicit, type CostKind, costKinds, type Json, switchCost } from "./workload-forms";

const COSTS_DEFAULTS = { removal_ns: 200, removal_growth: 0.05, barrier_ns: 2000 };

export function LoopForm({ ctx, workload: w, classes }: { readonly ctx: FormContext; readonly workload: Json; readonly classes: readonly string[] }) {
  const { errorAt, set } = ctx;
  const costs = (w.costs ?? {}) as Json;
  const phases = (Array.isArray(w.phases) ? w.phases : []) as Json[];
  const field = (path: string) => ({ path, engineError: errorAt(path), onValue: set(path) });
  return (
    <>
      <p className="muted small">Saez et al.'s OpenMP program: serial phases on the master thread and parallel loops ending in a barrier, run under loop schedules.</p>
      <FormField {...field("workload.threads")} label="threads" unit="one per core (empty: every core)" value={w.threads} rule={{ kind: "int-optional", min: 1 }} />
      <FormField {...field("workload.repeat")} label="repeat" unit="times the phases run" value={w.repeat ?? 1} rule={{ kind: "int", min: 1 }} />
      <fieldset className="cluster-fields">
        <legend>Runtime costs</legend>
        <FormField {...field("workload.costs.removal_ns")} label="removal" unit="ns per pool removal (fastest core)" value={costs.removal_ns ?? COSTS_DEFAULTS.removal_ns} rule={{ kind: "number", min: 0 }} />
        <FormField {...field("workload.costs.removal_growth")} label="growth" unit="extra removal cost per added thread" value={costs.removal_growth ?? COSTS_DEFAULTS.removal_growth} rule={{ kind: "number", min: 0 }} />
        <FormField {...field("workload.costs.barrier_ns")} label="barrier" unit="ns per thread per loop" value={costs.barrier_ns ?? COSTS_DEFAULTS.barrier_ns} rule={{ kind: "int", min: 0 }} />
      </fieldset>
      {phases.map((phase, i) => {
        const p = `workload.phases[${i}]`;
        const kind = phase.kind === "loop" ? "loop" : "serial";
        const title = `Phase ${i} · ${kind}${phase.name ? `: ${String(phase.name)}` : ""}`;
        return (
          <fieldset key={i} className="cluster-fields" data-testid="phase-fields">
            <legend>{title}</legend>
            {phase.kind === "loop" ? (
              <LoopPhase ctx={ctx} path={p} phase={phase} classes={classes} />
            ) : (
              <>
                <FormField {...field(`${p}.work_ns`)} label="work" unit="reference ns on thread 0" value={phase.work_ns} rule={{ kind: "number", min: 0 }} />
                <FormField {...field(`${p}.class`)} label="class" value={phase.class} rule={{ kind: "text" }} options={classes} />
              </>
            )}
          </fieldset>
        );
      })}
    </>
  );
}

function LoopPhase({ ctx, path: p, phase, classes }: { readonly ctx: FormContext; readonly path: string; readonly phase: Json; readonly classes: readonly string[] }) {
  const { errorAt, set } = ctx;
  const field = (path: string) => ({ path, engineError: errorAt(path), onValue: set(path) });
  const cost = (phase.cost ?? {}) as Json;
  const iterations = Number(phase.iterations);
  const c = `${p}.cost`;
  return (
    <>
      <FormField {...field(`${p}.iterations`)} label="iterations" value={phase.iterations} rule={{ kind: "int", min: 1, max: 2 ** 32 }} crossError={checkExplicit(cost, phase.iterations)} />
      <FormField {...field(`${p}.class`)} label="class" value={phase.class} rule={{ kind: "text" }} options={classes} />
      <FormField {...field(`${p}.chunk`)} label="chunk" unit="iterations per pool removal" value={phase.chunk ?? 1} rule={{ kind: "int", min: 1 }} />
      <FormField
        path={`${c}.kind`}
        label="cost profile"
        value={cost.kind}
        rule={{ kind: "text" }}
        options={costKinds(cost.kind, iterations)}
        engineError={errorAt(`${c}.kind`) ?? errorAt(c)}
        onValue={(kind) => set(c)(switchCost(cost, kind as CostKind, iterations))}
      />
      {cost.kind === "uniform" && <FormField {...field(`${c}.iter_ns`)} label="iteration" unit="reference ns" value={cost.iter_ns} rule={{ kind: "number", min: 0 }} />}
      {cost.kind === "ramp" && (
        <>
          <FormField {...field(`${c}.first_ns`)} label="first" unit="reference ns, iteration 0" value={cost.first_ns} rule={{ kind: "number", min: 0 }} />
          <FormField {...field(`${c}.last_ns`)} label="last" unit="reference ns, iteration N − 1" value={cost.last_ns} rule={{ kind: "number", min: 0 }} />
        </>
      )}
      {cost.kind === "random" && (
        <>
          <FormField {...field(`${c}.mean_ns`)} label="mean" unit="reference ns" value={cost.mean_ns} rule={{ kind: "number", min: 0 }} />
          <FormField {...field(`${c}.cv`)} label="cv" unit="coefficient of variation (0: uniform)" value={cost.cv} rule={{ kind: "number", min: 0 }} />
        </>
      )}
      {cost.kind === "explicit" && <ReadOnlyField path={`${c}.iter_ns`} label="costs" value={String(Array.isArray(cost.iter_ns) ? cost.iter_ns.length : 0)} unit="one per iteration (edit in the Scenario JSON)" />}
    </>
  );
}
