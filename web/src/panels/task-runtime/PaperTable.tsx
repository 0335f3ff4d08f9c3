// The source paper's reported values beside the simulated ones, for presets that reproduce a figure.
import type { PaperComparison } from "../../engine/engine-types";
import { formatPaperValue } from "../../logic/task-runtime";

export function PaperTable(props: { readonly rows: readonly PaperComparison[] }) {
  return (
    <table className="metrics paper-table" data-testid="paper-table">
      <thead>
        <tr>
          <th scope="col">What the paper reports</th>
          <th scope="col">Paper</th>
          <th scope="col">Simulated</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.claim}>
            <th scope="row">{row.claim}</th>
            <td>{formatPaperValue(row, row.paper)}</td>
            <td>{formatPaperValue(row, row.simulated)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
