// Runs state/simulation.ts for the app's store while the app is mounted.
import { useEffect, useRef } from "react";
import { useStoreApi } from "./AppProvider";
import { type OpenInitial, startSimulation } from "./simulation";

export type { OpenInitial };

export function useSimulation(openInitial?: OpenInitial): void {
  const store = useStoreApi();
  const initial = useRef(openInitial);
  useEffect(() => startSimulation(store, initial.current), [store]);
}
