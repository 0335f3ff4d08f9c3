// The one way the app writes CSV: d3-dsv's formatter, which quotes as RFC 4180 says (a field with a comma,
// a double quote or a line break is put in double quotes, and its double quotes are doubled), so names such
// as `gts[up=700,down=256]` stay one field. Numbers print as JavaScript writes them; NaN, ±∞ and absent
// values are empty fields. Lines end with "\n", the last one too. Pure, unit-tested.
import { csvFormatRows } from "d3-dsv";

export type CsvCell = string | number | null | undefined;

function cellText(value: CsvCell): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return value ?? "";
}

/** CSV text of a header row and data rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${csvFormatRows([[...header], ...rows.map((row) => row.map(cellText))])}\n`;
}
