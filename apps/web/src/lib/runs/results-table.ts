/**
 * The Results panel rule of spec section 4: a JSON result with exactly one key holding a
 * non-empty list is shown as a table (and can be downloaded as CSV); anything else is text.
 * Pure functions, unit-tested in node.
 */

export interface ResultTable {
  /** The one key of the JSON object, e.g. "products". */
  key: string;
  columns: string[];
  /** One string per column, in column order. */
  rows: string[][];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The parsed JSON of a result, or undefined when it is not JSON. */
export function parseJsonResult(result: string | null | undefined): unknown {
  if (result === null || result === undefined) return undefined;
  const text = result.trim();
  if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** How one value shows in a cell: text as is, null empty, objects and lists as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}

/** The table of a result, or null when the rule does not apply. */
export function toResultTable(result: string | null | undefined): ResultTable | null {
  const parsed = parseJsonResult(result);
  if (!isPlainObject(parsed)) return null;
  const keys = Object.keys(parsed);
  if (keys.length !== 1) return null;
  const key = keys[0]!;
  const list = parsed[key];
  if (!Array.isArray(list) || list.length === 0) return null;

  // Columns: every object key in order of first appearance; plain values go in a column named after the key.
  const columns: string[] = [];
  const seen = new Set<string>();
  const addColumn = (name: string) => {
    if (!seen.has(name)) {
      seen.add(name);
      columns.push(name);
    }
  };
  for (const item of list) {
    if (isPlainObject(item)) Object.keys(item).forEach(addColumn);
    else addColumn(key);
  }
  const rows = list.map((item) =>
    columns.map((column) => {
      if (isPlainObject(item)) return cellText(item[column]);
      return column === key ? cellText(item) : "";
    }),
  );
  return { key, columns, rows };
}

/** One CSV field: quoted (with inner quotes doubled) when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** RFC 4180 CSV: a header row, then the rows, lines ending in CRLF. */
export function toCsv(table: Pick<ResultTable, "columns" | "rows">): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** "results-YYYY-MM-DD.csv", the local date of `date`. */
export function csvFileName(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `results-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}

/** The text view: JSON pretty-printed, anything else unchanged. */
export function formatResultText(result: string | null | undefined): string {
  if (result === null || result === undefined) return "";
  const parsed = parseJsonResult(result);
  return parsed === undefined ? result : JSON.stringify(parsed, null, 2);
}
