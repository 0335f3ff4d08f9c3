// Keyboard shortcuts and the glossary.
import { GlossaryList } from "../panels/Glossary";

const KEYS: [string, string][] = [
  ["W / S, wheel", "zoom the Gantts in / out"],
  ["A / D, drag", "pan left / right"],
  ["Tab to a lane, Enter", "insert the palette's event there"],
  ["↑ / ↓ on a lane", "previous / next lane"],
  ["← / → (Shift: ×10)", "move the selected event"],
  ["Alt + ← / →, [ / ]", "shorten / lengthen it"],
  ["Delete", "remove it"],
  ["Ctrl+Z / Ctrl+Shift+Z", "undo / redo"],
  [". / , (Step panel)", "next / previous scheduling decision"],
];

export function HelpPanel() {
  return (
    <div className="help-panel" data-testid="help-panel">
      <h3 className="panel-title">Keyboard</h3>
      <dl className="keys">
        {KEYS.map(([k, v]) => (
          <div key={k}>
            <dt>
              <kbd>{k}</kbd>
            </dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h3 className="panel-title">Glossary</h3>
      <GlossaryList />
    </div>
  );
}
