// The palette of event kinds: drag one onto a lane, or pick it (radio) and
// press Enter on a focused lane.
import { useActions, useAppStore } from "../state/AppProvider";
import { selectPaletteKind } from "../state/selectors";
import { EVENT_KINDS } from "./events-model";
import { PALETTE_MIME } from "./EventLanes";

export function EventPalette() {
  const paletteKind = useAppStore(selectPaletteKind);
  const { setPaletteKind } = useActions();
  return (
    <div className="event-palette" role="radiogroup" aria-label="Event kinds" data-testid="event-palette">
      {EVENT_KINDS.map((k) => (
        <label
          key={k.kind}
          className={`palette-item kind-${k.kind}${paletteKind === k.kind ? " picked" : ""}`}
          draggable
          data-testid="palette-item"
          data-kind={k.kind}
          title={`${k.help} Drag onto a ${k.onCluster ? "cluster" : "core"} lane.`}
          onDragStart={(e) => {
            e.dataTransfer.setData(PALETTE_MIME, k.kind);
            e.dataTransfer.effectAllowed = "copy";
            setPaletteKind(k.kind);
          }}
        >
          <input type="radio" name="palette-kind" checked={paletteKind === k.kind} onChange={() => setPaletteKind(k.kind)} />
          <span className="palette-swatch" aria-hidden="true" />
          {k.label}
          <span className="palette-lane muted">{k.onCluster ? "cluster" : "core"}</span>
        </label>
      ))}
    </div>
  );
}
