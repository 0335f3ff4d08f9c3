// React context for the store and the engine, injected from main.tsx.
import { createContext, type Dispatch, type ReactNode, useContext, useReducer } from "react";
import type { Engine } from "../engine/engine";
import { type Action, type AppState, initialState, reducer } from "./store";

interface StoreValue {
  readonly state: AppState;
  readonly dispatch: Dispatch<Action>;
  readonly engine: Engine;
}

const StoreContext = createContext<StoreValue | null>(null);

export function StoreProvider(props: { readonly engine: Engine; readonly children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, initialState);
  return <StoreContext.Provider value={{ state, dispatch, engine: props.engine }}>{props.children}</StoreContext.Provider>;
}

export function useStore(): StoreValue {
  const value = useContext(StoreContext);
  if (!value) throw new Error("useStore outside StoreProvider");
  return value;
}
