// The legend of Gantts with many names (a recording's threads, a calibrated scenario's task types): the names that ran
// longest with their own colours, "others" in one neutral colour, and a search that finds any name with its run time
// and colour (logic/legend.ts).
import { useState } from "react";
import { formatDuration } from "../logic/format";
import { type LegendRanking, LEGEND_TOP, searchLegend } from "../logic/legend";
import { OTHERS_SLOT, taskTypeColor } from "../logic/palette";

export function RankedLegend({ ranking, what }: { readonly ranking: LegendRanking; readonly what: string }) {
  const [query, setQuery] = useState("");
  const found = searchLegend(ranking, query);
  return (
    <div className="ranked-legend" data-testid="ranked-legend">
      <ul className="legend" aria-label={`Top ${what} by run time`}>
        {ranking.entries.slice(0, LEGEND_TOP).map((e) => (
          <li key={e.index} data-testid="legend-item" title={`${e.name}: ran ${formatDuration(e.runNs)}`}>
            <span className="swatch" style={{ background: taskTypeColor(e.slot) }} />
            {e.name}
          </li>
        ))}
        {ranking.othersCount > 0 && (
          <li data-testid="legend-others" title={`${ranking.othersCount} more ${what}, ${formatDuration(ranking.othersNs)} of run time in all`}>
            <span className="swatch" style={{ background: taskTypeColor(OTHERS_SLOT) }} />
            {ranking.othersCount} others
          </li>
        )}
      </ul>
      <input
        type="search"
        className="legend-search"
        data-testid="legend-search"
        placeholder={`find one of ${ranking.entries.length} ${what}`}
        aria-label={`Find ${what} in the legend`}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {query.trim() !== "" && (
        <ul className="legend-found" data-testid="legend-found" aria-label={`${what} matching "${query}"`}>
          {found.length === 0 && <li className="muted">no match</li>}
          {found.map((e) => (
            <li key={e.index}>
              <span className="swatch" style={{ background: taskTypeColor(e.slot) }} />
              {e.name} <span className="muted">{formatDuration(e.runNs)}{e.slot === OTHERS_SLOT ? " · others" : ""}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
