// The view slice of the app store, the part that lives in the link: the page
// (explorer or gallery), presenter mode, the open guide step, the selected
// core row, the open tabs, and the last link error. A pure reducer.
import type { LinkView, Page, Selection } from "../types/view";

export interface ViewState {
  readonly page: Page;
  readonly presenter: boolean;
  /** Open guide step, or null when the guide is closed. */
  readonly step: number | null;
  readonly selection: Selection | null;
  /** Open main-area tab and side-panel tab (view ids), or null for the first. */
  readonly tab: string | null;
  readonly panel: string | null;
  /** Why the last link could not be opened (shown until dismissed). */
  readonly linkError: string | null;
  /** "Predict, then reveal": the guide's metric and the makespans stay hidden until the class has guessed. */
  readonly predict: boolean;
  /** The guide step whose metric was revealed (predict mode), or null. */
  readonly revealed: number | null;
}

export type ViewAction =
  | { type: "page"; page: Page }
  | { type: "presenter"; on: boolean }
  | { type: "step"; step: number | null }
  | { type: "select"; selection: Selection | null }
  | { type: "tab"; tab: string }
  | { type: "panel"; panel: string }
  | { type: "linkError"; message: string | null }
  | { type: "predict"; on: boolean }
  | { type: "reveal"; step: number | null }
  | { type: "applyLink"; view: LinkView };

export const initialViewState: ViewState = { page: "explorer", presenter: false, step: null, selection: null, tab: null, panel: null, linkError: null, predict: false, revealed: null };

export function viewReducer(state: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case "page":
      return { ...state, page: action.page };
    case "presenter":
      return { ...state, presenter: action.on };
    case "step":
      return { ...state, step: action.step, revealed: action.step === state.step ? state.revealed : null };
    case "predict":
      return { ...state, predict: action.on, revealed: null };
    case "reveal":
      return { ...state, revealed: action.step };
    case "select":
      return { ...state, selection: action.selection };
    case "tab":
      return { ...state, tab: action.tab };
    case "panel":
      return { ...state, panel: action.panel };
    case "linkError":
      return { ...state, linkError: action.message };
    case "applyLink":
      return {
        ...state,
        page: action.view.page ?? "explorer",
        presenter: action.view.presenter ?? false,
        step: action.view.step ?? null,
        selection: action.view.selection ?? null,
        tab: action.view.tab ?? null,
        panel: action.view.panel ?? null,
        predict: action.view.predict ?? false,
        revealed: null,
      };
    default: {
      const unreachable: never = action;
      throw new Error(`unknown view action ${JSON.stringify(unreachable)}`);
    }
  }
}

/** The link's view part for a view state and a visible window (absent when it shows everything). */
export function linkViewOf(state: ViewState, window: readonly [number, number] | undefined): LinkView {
  return {
    ...(state.page !== "explorer" ? { page: state.page } : {}),
    ...(window ? { window } : {}),
    ...(state.step !== null ? { step: state.step } : {}),
    ...(state.presenter ? { presenter: true } : {}),
    ...(state.selection ? { selection: state.selection } : {}),
    ...(state.tab ? { tab: state.tab } : {}),
    ...(state.panel ? { panel: state.panel } : {}),
    ...(state.predict ? { predict: true } : {}),
  };
}
