// Teaching around the explorer: the guide panel, the "Paper vs simulated"
// table (the engine's verdicts on this run), presenter-mode keys and the selected-row highlight. One component
// so App only places it.
import { useEffect, useMemo, useState } from "react";
import type { PresetInfo } from "../engine/engine-types";
import { lackTitles, useFidelity } from "../gallery/fidelity-data";
import { useAppStore, useEngine } from "../state/AppProvider";
import { selectGood, selectPage, selectPresenter, selectRowSelection } from "../state/selectors";
import { sameJson } from "../url/link-state";
import { GuidePanel } from "./GuidePanel";
import { ClaimTable } from "./ClaimTable";
import { claimsById } from "./claim-rows";
import { useRowSelection } from "./use-row-selection";
import { useTeachKeys } from "./use-teach-keys";
import "./teach.css";

/** Keys and row highlight; call once, whatever the page. */
export function useTeaching(preset: PresetInfo | undefined): void {
  const good = useAppStore(selectGood);
  const page = useAppStore(selectPage);
  const presenter = useAppStore(selectPresenter);
  const selection = useAppStore(selectRowSelection);
  useTeachKeys(preset?.steps?.length ?? 0);
  useRowSelection(page === "explorer" ? selection : null, [good, page, presenter]);
}

export function GuideSlot(props: { readonly preset: PresetInfo | undefined }) {
  return props.preset ? <GuidePanel preset={props.preset} /> : null;
}

export function PaperSlot(props: { readonly preset: PresetInfo | undefined }) {
  const engine = useEngine();
  const good = useAppStore(selectGood);
  const [presetText, setPresetText] = useState<string | null>(null);
  const fidelity = useFidelity();
  const catalogue = useMemo(() => claimsById(fidelity?.claims ?? []), [fidelity]);
  const lacks = useMemo(() => lackTitles(fidelity), [fidelity]);
  const name = props.preset?.name;
  useEffect(() => {
    let live = true;
    setPresetText(null);
    if (name) engine.presetScenario(name).then((t) => live && setPresetText(t), () => undefined);
    return () => {
      live = false;
    };
  }, [engine, name]);
  if (!props.preset || !good) return null;
  const edited = presetText !== null && !sameJson(presetText, good.scenarioText);
  // The section around it (shell/Results.tsx) is titled "Paper vs simulated"; the heading names the figure.
  const heading = props.preset.figure ? (props.preset.paper ? `Reproduces ${props.preset.figure}` : props.preset.figure) : "This run";
  return (
    <ClaimTable
      rows={good.result.summary.claims ?? []}
      heading={heading}
      note={edited ? "The scenario was edited: the simulated column follows your changes." : undefined}
      catalogue={edited ? undefined : catalogue}
      lacks={lacks}
    />
  );
}
