// Pure helpers of the workload forms (loop programs, application mixes):
// switching a loop's cost profile and the cross-field checks the engine makes.

export type CostKind = "uniform" | "ramp" | "random" | "explicit";
export type Json = Record<string, unknown>;

const n = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** Mean cost of one iteration under a cost profile (JSON), or undefined when it has none. */
export function meanIterNs(cost: Json): number | undefined {
  switch (cost.kind) {
    case "uniform":
      return n(cost.iter_ns);
    case "ramp": {
      const a = n(cost.first_ns);
      const b = n(cost.last_ns);
      return a !== undefined && b !== undefined ? (a + b) / 2 : undefined;
    }
    case "random":
      return n(cost.mean_ns);
    case "explicit": {
      const list = Array.isArray(cost.iter_ns) ? (cost.iter_ns as unknown[]).filter((x): x is number => typeof x === "number") : [];
      return list.length > 0 ? list.reduce((s, x) => s + x, 0) / list.length : undefined;
    }
    default:
      return undefined;
  }
}

/** The cost profile of kind `kind` that keeps the mean iteration cost of `cost` (1000 ns when unknown). */
export function switchCost(cost: Json, kind: CostKind, iterations: number): Json {
  if (cost.kind === kind) return cost;
  const mean = meanIterNs(cost) ?? 1000;
  switch (kind) {
    case "uniform":
      return { kind, iter_ns: mean };
    case "ramp":
      return { kind, first_ns: mean, last_ns: mean };
    case "random":
      return { kind, mean_ns: mean, cv: 0.1 };
    case "explicit":
      return { kind, iter_ns: Array.from({ length: Math.max(1, Math.min(iterations, MAX_EXPLICIT)) }, () => mean) };
  }
}

/** Longest explicit cost array the form creates (longer ones come from the JSON editor or an import). */
export const MAX_EXPLICIT = 10_000;

/** Cost kinds a loop of `iterations` can switch to: explicit only when the array stays small or already is explicit. */
export function costKinds(current: unknown, iterations: number): CostKind[] {
  const kinds: CostKind[] = ["uniform", "ramp", "random"];
  if (current === "explicit" || (Number.isInteger(iterations) && iterations >= 1 && iterations <= MAX_EXPLICIT)) kinds.push("explicit");
  return kinds;
}

/** Cross-field check of an explicit profile: the engine needs one cost per iteration. */
export function checkExplicit(cost: Json, iterations: unknown): string | undefined {
  if (cost.kind !== "explicit" || !Array.isArray(cost.iter_ns)) return undefined;
  const len = cost.iter_ns.length;
  return len === iterations ? undefined : `the explicit profile has ${len} costs; iterations must equal it`;
}

/** Defaults of the OS options (engine OsOptions::default). */
export const OS_DEFAULTS = { slice_ns: 4_000_000, migration_ns: 50_000, up_threshold: 700, down_threshold: 512 } as const;

/** Cross-field check of the GTS thresholds: down must be below up. */
export function checkThresholds(os: Json): string | undefined {
  const up = n(os.up_threshold) ?? OS_DEFAULTS.up_threshold;
  const down = n(os.down_threshold) ?? OS_DEFAULTS.down_threshold;
  return down < up ? undefined : `must be below the up threshold (${up})`;
}
