// A link that carries policy code (custom_schedulers) shows the code and asks before running it. The code runs only
// inside the engine's sandbox (docs/custom-policies.md), so a hostile policy can only fail; still, nobody runs code they
// have not seen. Declining opens the scenario without the policies.
import { type CustomScheduler, customSchedulers } from "../logic/policy";

/** The scenario without its custom schedulers (and without their names in `schedulers`). */
export function withoutPolicies(scenario: Record<string, unknown>): Record<string, unknown> {
  const names = new Set(customSchedulers(scenario).map((d) => d.name));
  const rest = { ...scenario };
  delete rest.custom_schedulers;
  const schedulers = (Array.isArray(scenario.schedulers) ? (scenario.schedulers as string[]) : []).filter((s) => !names.has(s));
  return { ...rest, schedulers: schedulers.length > 0 ? schedulers : ["rws"] };
}

/** Shows the policies in a modal dialog; resolves true to run them, false to open the scenario without them. */
export function confirmPolicies(policies: readonly CustomScheduler[]): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = document.createElement("dialog");
    dialog.className = "confirm-code";
    dialog.setAttribute("aria-label", "This link carries code");
    const title = document.createElement("h2");
    title.textContent = `This link carries ${policies.length === 1 ? "a scheduling policy" : `${policies.length} scheduling policies`}: read the code before running it`;
    dialog.append(title);
    for (const p of policies) {
      const name = document.createElement("h3");
      name.textContent = p.name;
      const pre = document.createElement("pre");
      pre.textContent = p.source;
      pre.dataset.testid = "link-code";
      dialog.append(name, pre);
    }
    const note = document.createElement("p");
    note.textContent = "Policies run in the engine's sandbox: no network, no storage, limited operations and memory.";
    const run = document.createElement("button");
    run.textContent = "Run this code";
    const skip = document.createElement("button");
    skip.textContent = "Open without the code";
    const done = (ok: boolean) => {
      dialog.close();
      dialog.remove();
      resolve(ok);
    };
    run.onclick = () => done(true);
    skip.onclick = () => done(false);
    dialog.addEventListener("cancel", (e) => (e.preventDefault(), done(false)));
    const buttons = document.createElement("p");
    buttons.append(run, " ", skip);
    dialog.append(note, buttons);
    document.body.append(dialog);
    dialog.showModal();
  });
}
