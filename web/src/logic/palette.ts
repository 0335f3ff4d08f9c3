// Colours for the Gantt: Okabe–Ito (colour-blind safe) by task type,
// darker + outlined for high-priority tasks, grey for overhead.

const OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442"];

export interface Theme {
  readonly dark: boolean;
  readonly background: string;
  readonly rowStripe: string;
  readonly text: string;
  readonly mutedText: string;
  readonly grid: string;
  readonly overhead: string;
  readonly priorityOutline: string;
  readonly freqFill: string;
  readonly freqLine: string;
  readonly interference: Readonly<Record<"cpu" | "memory" | "offline", string>>;
  /** Critical-path view: work of low-priority tasks and overhead fade so the high-priority (critical) tasks stand out. */
  readonly criticalOnly?: boolean;
}

export const LIGHT: Theme = {
  dark: false,
  background: "#ffffff",
  rowStripe: "#f3f4f6",
  text: "#1f2328",
  mutedText: "#57606a",
  grid: "#d0d7de",
  overhead: "#8c959f",
  priorityOutline: "#000000",
  freqFill: "rgba(9, 105, 218, 0.18)",
  freqLine: "#0969da",
  interference: { cpu: "#D55E00", memory: "#CC79A7", offline: "#6e7781" },
};

export const DARK: Theme = {
  dark: true,
  background: "#0d1117",
  rowStripe: "#161b22",
  text: "#e6edf3",
  mutedText: "#9198a1",
  grid: "#30363d",
  overhead: "#6e7681",
  priorityOutline: "#ffffff",
  freqFill: "rgba(88, 166, 255, 0.22)",
  freqLine: "#58a6ff",
  interference: { cpu: "#FF8C42", memory: "#E69BC7", offline: "#8b949e" },
};

/** Colour slot of every name outside a legend's top entries ("others", logic/legend.ts): one neutral colour. */
export const OTHERS_SLOT = 0xffffffff;
const OTHERS_COLOR = "#b8bfc7";

/** Base colour of a task type (or of a legend slot; `OTHERS_SLOT` is neutral). */
export function taskTypeColor(taskType: number): string {
  return taskType === OTHERS_SLOT ? OTHERS_COLOR : OKABE_ITO[taskType % OKABE_ITO.length];
}

/** Readable label colour on a task block (WCAG contrast ≥ 4.5 on every palette entry). */
export function labelColor(taskType: number, highPriority: boolean, dark = false): string {
  if (highPriority) return dark ? "#000000" : "#ffffff";
  return taskType !== OTHERS_SLOT && taskType % OKABE_ITO.length === 0 ? "#ffffff" : "#000000";
}

/**
 * Colour of a high-priority (critical) task: the base colour darkened on a
 * light background, lightened on a dark one, so it always stands out.
 */
export function priorityColor(taskType: number, dark = false): string {
  // Memoised: the Gantt asks once per drawn block, thousands of times a frame.
  const key = dark ? -1 - taskType : taskType;
  let color = priorityColors.get(key);
  if (color === undefined) {
    color = dark ? tint(taskTypeColor(taskType), 0.45) : shade(taskTypeColor(taskType), 0.6);
    priorityColors.set(key, color);
  }
  return color;
}
const priorityColors = new Map<number, string>();

/** Mixes `#rrggbb` with white by `amount` (0 = unchanged, 1 = white). */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 0xff) * (1 - amount) + 255 * amount);
  return `rgb(${channel(16)}, ${channel(8)}, ${channel(0)})`;
}

/** Multiplies each RGB channel of `#rrggbb` by `factor`. */
export function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 0xff) * factor);
  return `rgb(${channel(16)}, ${channel(8)}, ${channel(0)})`;
}

export function currentTheme(): Theme {
  const forced = typeof document === "undefined" ? undefined : document.documentElement.dataset.theme;
  const dark = forced ? forced === "dark" : typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
  return dark ? DARK : LIGHT;
}

/**
 * One distinct colour per compared scheduler, up to 12 (the eleven task schedulers plus one): Okabe–Ito's seven
 * colour-blind-safe hues, then five from Paul Tol's muted scheme; after 12 they repeat.
 */
export const SCHEDULER_PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#882255", "#44AA99", "#999933", "#AA4499", "#8C959F"] as const;

export function schedulerColor(index: number): string {
  return SCHEDULER_PALETTE[((index % SCHEDULER_PALETTE.length) + SCHEDULER_PALETTE.length) % SCHEDULER_PALETTE.length];
}
