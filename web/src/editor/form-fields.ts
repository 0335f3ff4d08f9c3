// Parsing and checking of the platform and workload form fields, mirroring
// the engine's rules so mistakes show next to the field before the engine
// answers. Pure, unit-tested.

export type FieldKind = "text" | "int" | "int-optional" | "number" | "number-optional" | "int-list" | "number-list" | "number-list-optional";

export interface FieldRule {
  readonly kind: FieldKind;
  readonly min?: number;
  readonly max?: number;
  /** Lists: strictly ascending. */
  readonly ascending?: boolean;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

function num(text: string, rule: FieldRule, integer: boolean): Parsed {
  const t = text.trim();
  const v = Number(t);
  if (t === "" || !Number.isFinite(v)) return { ok: false, message: "enter a number" };
  if (integer && !Number.isInteger(v)) return { ok: false, message: "must be a whole number" };
  if (rule.min !== undefined && v < rule.min) return { ok: false, message: `must be at least ${rule.min}` };
  if (rule.max !== undefined && v > rule.max) return { ok: false, message: `must be at most ${rule.max}` };
  return { ok: true, value: v };
}

export function parseFormField(text: string, rule: FieldRule): Parsed {
  switch (rule.kind) {
    case "text":
      return text.trim() === "" ? { ok: false, message: "must not be empty" } : { ok: true, value: text };
    case "int":
      return num(text, rule, true);
    case "number":
      return num(text, rule, false);
    case "int-optional":
      return text.trim() === "" ? { ok: true, value: null } : num(text, rule, true);
    case "number-optional":
      return text.trim() === "" ? { ok: true, value: null } : num(text, rule, false);
    case "int-list":
    case "number-list":
    case "number-list-optional": {
      const parts = text.split(/[\s,]+/).filter(Boolean);
      if (parts.length === 0) return rule.kind === "number-list-optional" ? { ok: true, value: [] } : { ok: false, message: "enter at least one value" };
      const values: number[] = [];
      for (const p of parts) {
        const r = num(p, rule, rule.kind === "int-list");
        if (!r.ok) return { ok: false, message: `${p}: ${r.message}` };
        values.push(r.value as number);
      }
      if (rule.ascending && values.some((v, i) => i > 0 && v <= values[i - 1])) return { ok: false, message: "must be strictly ascending" };
      return { ok: true, value: values };
    }
  }
}

export function showValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** Cross-field checks of one cluster (JSON object), as field → message. */
export function checkCluster(cluster: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const freqs = Array.isArray(cluster.freqs_mhz) ? (cluster.freqs_mhz as number[]) : [];
  if (!freqs.includes(Number(cluster.freq_mhz))) errors.freq_mhz = `must be one of the levels (${freqs.join(", ")})`;
  for (const f of ["active_w", "idle_w", "cluster_w"]) {
    const list = cluster[f];
    const none = f === "cluster_w" && Array.isArray(list) && list.length === 0;
    if (!none && Array.isArray(list) && list.length !== freqs.length) errors[f] = `needs one value per level (${freqs.length}), has ${list.length}`;
  }
  return errors;
}

/** `options` with `current` appended when it is not one of them (a select must show the value it holds). */
export function withCurrent(options: readonly string[], current: string): readonly string[] {
  return options.includes(current) ? options : [...options, current];
}
