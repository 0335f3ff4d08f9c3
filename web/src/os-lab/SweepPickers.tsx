// Pickers of an OS-level sweep: applications and Zhang et al. mixes (with preference values), core configurations,
// OS-level methods and the number of seeds. Controlled: the parent owns the lists.
import type { SweepSelection } from "../state/os-lab";
import type { OsCatalog } from "../types/os-lab";

function toggle(list: readonly string[], item: string): string[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

function CheckList(props: {
  readonly legend: string;
  readonly testId: string;
  readonly items: readonly { name: string; label: string; title?: string }[];
  readonly selected: readonly string[];
  readonly onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="os-picker" data-testid={props.testId}>
      <legend>{props.legend}</legend>
      {props.items.map((it) => (
        <label key={it.name} title={it.title}>
          <input type="checkbox" checked={props.selected.includes(it.name)} onChange={() => props.onChange(toggle(props.selected, it.name))} />
          {it.label}
        </label>
      ))}
    </fieldset>
  );
}

function configLabel(c: string): string {
  return c.startsWith("odroid-xu3:") ? `Odroid ${c.slice(11)}` : c.replace("gem5-", "gem5 ").toUpperCase().replace("GEM5", "gem5");
}

export { configLabel };

export function SweepPickers(props: { readonly catalog: OsCatalog; readonly value: SweepSelection; readonly onChange: (next: SweepSelection) => void }) {
  const { catalog, value, onChange } = props;
  const extra = value.schedulers.filter((s) => !catalog.schedulers.some((c) => c.name === s));
  return (
    <div className="os-pickers">
      <CheckList
        legend="Applications (big/little ratio, Chronaki et al. Table 1)"
        testId="os-apps"
        items={catalog.apps.map((a) => ({
          name: a.name,
          label: `${a.name} ${a.ratio.toFixed(2)}`,
          title: `${a.kind}; ${a.regions} parallel region(s), ${a.split === "pool" ? "work pool" : "even split"}, serial ${(a.serial_fraction * 100).toFixed(0)}%${a.serial_on_master ? " (on the master thread in the task version)" : ""}, ${a.tasks} tasks, ${a.item_cv ? `work items ±${(a.item_cv * 100).toFixed(0)}%` : "work items alike"}; PBS preference ${a.preference}${a.supplement ? (a.supplement > 0 ? " +1" : " −1") : ""}`,
        }))}
        selected={value.workloads}
        onChange={(workloads) => onChange({ ...value, workloads })}
      />
      <CheckList
        legend="Mixes (Zhang et al. Table 1, preference values)"
        testId="os-mixes"
        items={catalog.mixes.map((m) => ({ name: m.name, label: `${m.name}: ${m.apps.map((a) => `${a.app} ${a.preference}`).join(" + ")}` }))}
        selected={value.workloads}
        onChange={(workloads) => onChange({ ...value, workloads })}
      />
      <CheckList
        legend="Core configurations (big + little)"
        testId="os-configs"
        items={catalog.configs.map((c) => ({ name: c, label: configLabel(c) }))}
        selected={value.configs}
        onChange={(configs) => onChange({ ...value, configs })}
      />
      <CheckList
        legend="Schedulers"
        testId="os-schedulers"
        items={[...catalog.schedulers.map((s) => ({ name: s.name, label: s.name, title: s.description })), ...extra.map((s) => ({ name: s, label: s }))]}
        selected={value.schedulers}
        onChange={(schedulers) => onChange({ ...value, schedulers })}
      />
      <fieldset className="os-picker">
        <legend>Repetitions</legend>
        <label title="Each cell runs N times, with random streams 1…N; LIN's random placement differs from one to the next">
          <input type="number" min={1} max={50} value={value.seeds} data-testid="os-seeds" onChange={(e) => onChange({ ...value, seeds: Math.max(1, Math.min(50, Number(e.target.value) || 1)) })} />
        </label>
      </fieldset>
    </div>
  );
}
