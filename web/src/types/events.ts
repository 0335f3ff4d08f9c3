// Timeline events of a scenario (shared by the editor's pure model and the store's palette kind).

export type EventKind = "dvfs" | "dvfs_square" | "cpu_interference" | "memory_interference" | "core_offline";

/** A scenario event as JSON (docs/scenario.md § Timeline events). */
export type ScenarioEvent = { readonly kind: EventKind; readonly start_ns: number; readonly end_ns?: number | null } & Readonly<Record<string, unknown>>;
