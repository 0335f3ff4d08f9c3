// React context for the view state of view-store.ts.
import { createContext, type Dispatch, type ReactNode, useContext, useReducer } from "react";
import { initialViewState, type ViewAction, viewReducer, type ViewState } from "./view-store";

interface ViewValue {
  readonly view: ViewState;
  readonly viewDispatch: Dispatch<ViewAction>;
}

const ViewContext = createContext<ViewValue | null>(null);

export function ViewProvider(props: { readonly children: ReactNode }) {
  const [view, viewDispatch] = useReducer(viewReducer, initialViewState);
  return <ViewContext.Provider value={{ view, viewDispatch }}>{props.children}</ViewContext.Provider>;
}

export function useView(): ViewValue {
  const value = useContext(ViewContext);
  if (!value) throw new Error("useView outside ViewProvider");
  return value;
}
