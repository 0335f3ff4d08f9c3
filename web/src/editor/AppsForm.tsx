// Form of an application mix (Zhang et al.'s OS level, `workload.kind == "applications"`):
// per application its name, threads, preference, supplement and work scale,
// then the OS model's slice, migration cost and GTS thresholds, and repeat.
import { useEffect, useMemo } from "react";
import { useActions, useAppStore } from "../state/AppProvider";
import { selectOsCatalog } from "../state/selectors";
import { FormField, ReadOnlyField } from "./FormField";
import type { FormContext } from "./form-context";
import { checkThresholds, type Json, OS_DEFAULTS } from "./workload-forms";

const PREFERENCE_LABELS = { "": "profile default", "3": "3 · low", "6": "6 · medium", "9": "9 · high" };
const SUPPLEMENT_LABELS = { "": "profile default", "-1": "−1 · memory bound", "0": "0", "1": "+1 · compute bound" };

/** Names of the built-in application profiles, from the engine's OS catalog in the store (null until it answers or when it fails). */
function useAppNames(): string[] | null {
  const { loadOsCatalog } = useActions();
  const catalog = useAppStore(selectOsCatalog);
  useEffect(loadOsCatalog, [loadOsCatalog]);
  return useMemo(() => catalog?.apps.map((a) => a.name) ?? null, [catalog]);
}

export function AppsForm({ ctx, workload: w }: { readonly ctx: FormContext; readonly workload: Json }) {
  const names = useAppNames();
  const { errorAt, set } = ctx;
  const field = (path: string) => ({ path, engineError: errorAt(path), onValue: set(path) });
  const apps = (Array.isArray(w.apps) ? w.apps : []) as Json[];
  const os = (w.os ?? {}) as Json;
  return (
    <>
      <p className="muted small">Zhang et al.'s OS level: multithreaded applications started together, scheduled by OS-level methods.</p>
      {apps.map((entry, i) => {
        const p = `workload.apps[${i}]`;
        const profile = entry.profile as Json | undefined;
        return (
          <fieldset key={i} className="cluster-fields" data-testid="app-fields">
            <legend>
              Application {i}: {String(profile?.name ?? entry.app)}
            </legend>
            {profile ? (
              <ReadOnlyField path={`${p}.profile`} label="profile" value={String(profile.name)} unit="inline profile (edit in the Scenario JSON)" />
            ) : (
              <FormField {...field(`${p}.app`)} label="application" value={entry.app} rule={{ kind: "text" }} options={names ?? undefined} />
            )}
            <FormField {...field(`${p}.threads`)} label="threads" unit="(empty: one per core)" value={entry.threads} rule={{ kind: "int-optional", min: 1, max: 256 }} />
            <FormField {...field(`${p}.preference`)} label="preference" value={entry.preference} rule={{ kind: "int-optional" }} options={Object.keys(PREFERENCE_LABELS)} optionLabels={PREFERENCE_LABELS} />
            <FormField {...field(`${p}.supplement`)} label="supplement" value={entry.supplement} rule={{ kind: "int-optional" }} options={Object.keys(SUPPLEMENT_LABELS)} optionLabels={SUPPLEMENT_LABELS} />
            <FormField {...field(`${p}.work_scale`)} label="work scale" unit="× the profile's work (empty: 1)" value={entry.work_scale} rule={{ kind: "number-optional", min: 1e-6, max: 1e6 }} />
          </fieldset>
        );
      })}
      <fieldset className="cluster-fields">
        <legend>OS model</legend>
        <FormField {...field("workload.os.slice_ns")} label="time slice" unit="ns (when threads outnumber cores)" value={os.slice_ns ?? OS_DEFAULTS.slice_ns} rule={{ kind: "int", min: 10_000, max: 10_000_000_000 }} />
        <FormField {...field("workload.os.migration_ns")} label="migration" unit="ns per move to another core" value={os.migration_ns ?? OS_DEFAULTS.migration_ns} rule={{ kind: "int", min: 0, max: 1_000_000_000 }} />
        <FormField {...field("workload.os.up_threshold")} label="up threshold" unit="GTS, out of 1024" value={os.up_threshold ?? OS_DEFAULTS.up_threshold} rule={{ kind: "int", min: 0, max: 1024 }} />
        <FormField {...field("workload.os.down_threshold")} label="down threshold" unit="GTS, out of 1024" value={os.down_threshold ?? OS_DEFAULTS.down_threshold} rule={{ kind: "int", min: 0, max: 1024 }} crossError={checkThresholds(os)} />
      </fieldset>
      <FormField {...field("workload.repeat")} label="repeat" unit="runs per method, each with the next random stream" value={w.repeat ?? 1} rule={{ kind: "int", min: 1, max: 100 }} />
    </>
  );
}
