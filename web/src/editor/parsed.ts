// One parse of the current scenario text shared by every editor component
// (the lanes, the inspector, the forms and the picker all read it).
import { parseScenario } from "../logic/scenario";

let lastText: string | null = null;
let lastParsed: ReturnType<typeof parseScenario> | null = null;

/** `parseScenario(text)`, remembered for the last text. The value must not be mutated. */
export function parseScenarioCached(text: string): ReturnType<typeof parseScenario> {
  if (text !== lastText || lastParsed === null) {
    lastText = text;
    lastParsed = parseScenario(text);
  }
  return lastParsed;
}
