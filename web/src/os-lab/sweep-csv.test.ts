import { csvParseRows } from "d3-dsv";
import { expect, it } from "vitest";
import type { SweepRow } from "../types/os-lab";
import { SWEEP_CSV_COLUMNS, sweepCsv } from "./sweep-csv";

it("writes one field per column even for parameterised scheduler names", () => {
  const row: SweepRow = {
    index: 3, scheduler: "gts[up=700,down=256]", config: "gem5-4l4b", workload: 'mix "A"', seed: 1, makespan_ns: 1_000, speedup: null, ideal_speedup: 2.5,
    avg_power_w: 1.25, energy_j: 0.5, edp_js: 0.25, energy_norm: 1, edp_norm: 1, migrations: 7, app_done_ns: [1_000],
  };
  const rows = csvParseRows(sweepCsv([row]).trimEnd());
  expect(rows[0]).toEqual([...SWEEP_CSV_COLUMNS]);
  expect(rows[1]).toHaveLength(SWEEP_CSV_COLUMNS.length);
  expect(rows[1].slice(0, 7)).toEqual(["3", "gts[up=700,down=256]", "gem5-4l4b", 'mix "A"', "1", "1000", ""]);
});
