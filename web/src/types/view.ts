// The view's shapes shared by the store (state/view.ts) and the link format (url/link-state.ts).

export type Page = "explorer" | "gallery" | "papers";

/** A highlighted core row, in one Gantt (by scheduler) or in all. */
export interface Selection {
  readonly scheduler?: string;
  readonly core: number;
}

/** View state as a link carries it: everything shown that is not derived from the scenario. */
export interface LinkView {
  readonly page?: Page;
  /** Visible window [t0Ns, t1Ns]; absent = everything. */
  readonly window?: readonly [number, number];
  readonly presenter?: boolean;
  /** "Predict, then reveal" is on. */
  readonly predict?: boolean;
  /** Open guided-explanation step (0-based); absent = guide closed. */
  readonly step?: number;
  readonly selection?: Selection;
  /** Open tab of the main view area (a view id such as "compare"); absent = the first. */
  readonly tab?: string;
  /** Open tab of the side panel (such as "step"); absent = the first. */
  readonly panel?: string;
}
