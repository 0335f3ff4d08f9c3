// Chooses the papers' chart forms for a finished sweep (the papers' numbers are the engine's claims, in a ClaimTable).
import { BarChart, LineChart, SpreadChart } from "./charts";
import type { ChartKind, SweepRow } from "../types/os-lab";
import type { SweepSelection } from "../state/os-lab";
import { configLabel } from "./SweepPickers";
import { caseStats, linesByConfig, mean } from "./sweep-stats";

export function OsCharts(props: { readonly rows: readonly SweepRow[]; readonly sel: SweepSelection; readonly chart: ChartKind }) {
  const { rows, sel } = props;
  if (rows.length === 0) return null;
  const scheds = sel.schedulers.filter((s) => rows.some((r) => r.scheduler === s));
  const configs = sel.configs.filter((c) => rows.some((r) => r.config === c));
  const workloads = sel.workloads.filter((w) => rows.some((r) => r.workload === w));
  const xLabels = configs.map(configLabel);
  const singleApps = rows.every((r) => r.speedup !== null);
  const charts = [];
  if (props.chart === "spread") {
    const columns = workloads.flatMap((w) =>
      configs.flatMap((c) =>
        scheds.map((s, i) => {
          const st = caseStats(rows, s, c, w);
          return { label: `${s} ${w}`, series: i, values: st.values.map((v) => v / st.mean) };
        }),
      ),
    );
    charts.push(<SpreadChart key="spread" title="Repeatability: each run over the mean of its case (band ±3%)" columns={columns} names={scheds} />);
  } else if (singleApps && configs.length > 1 && props.chart !== "makespan") {
    const ideal = configs.map((c) => mean(rows.filter((r) => r.config === c).map((r) => r.ideal_speedup ?? NaN)));
    charts.push(<LineChart key="speedup" title="Speedup over one little core (Eq. 1), mean over applications" xLabels={xLabels} series={linesByConfig(rows, scheds, configs, "speedup")} ideal={ideal} yLabel="speedup" />);
    for (const [field, title, label] of [
      ["avg_power_w", "Average power", "W"],
      ["energy_norm", "Energy over static threading on 4 little cores (Eq. 2)", "normalised energy"],
      ["edp_norm", "EDP over static threading on 4 little cores (Eq. 3)", "normalised EDP"],
    ] as const) {
      const lines = linesByConfig(rows, scheds, configs, field);
      charts.push(<BarChart key={field} title={title} xLabels={xLabels} series={lines.map((l) => ({ name: l.name, data: l.values.map((value) => ({ value })) }))} yLabel={label} reference={field === "avg_power_w" ? undefined : 1} />);
    }
  } else {
    const base = scheds.includes("linux") ? "linux" : scheds[0];
    for (const c of configs) {
      const series = scheds.map((s) => ({
        name: s,
        data: workloads.map((w) => {
          const ref = caseStats(rows, base, c, w).mean;
          const st = caseStats(rows, s, c, w);
          return { value: st.mean / ref, min: st.min / ref, max: st.max / ref };
        }),
      }));
      charts.push(<BarChart key={c} title={`Makespan on ${configLabel(c)}, normalised to ${base} (whiskers: min–max over repetitions)`} xLabels={workloads} series={series} yLabel="normalised makespan" reference={1} />);
    }
  }
  return (
    <div className="os-results">
      <div className="os-charts">{charts}</div>
    </div>
  );
}
