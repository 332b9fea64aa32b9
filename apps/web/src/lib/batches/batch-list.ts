import { BATCH_MAX_ROWS, csvToObjects, ROW_KEY_FIELD } from "@errand/contract";
import { ApiRequestError } from "../../api/api-request-error";

/** A list as read from a file or the text box: its columns and its rows of text. */
export interface ReadList {
  columns: string[];
  rows: Record<string, string>[];
}

/** Which column fills each input ("" for none yet), and the column of each row's key ("" for none). */
export interface ColumnMapping {
  inputs: Record<string, string>;
  key: string;
}

export const BAD_LIST_MESSAGE = "This is neither CSV with a header row nor a JSON array of objects.";
export const EMPTY_LIST_MESSAGE = "The list has no rows: put the column names on the first line and one row per line below.";
export const tooManyRowsMessage = (n: number) =>
  `The list has ${n.toLocaleString("en-US")} rows; a batch holds at most ${BATCH_MAX_ROWS.toLocaleString("en-US")}.`;
export const unmappedInputMessage = (input: string) => `Choose the column that fills {{${input}}}.`;
export const emptyCellMessage = (input: string, row: number) => `Row ${row} has no value for {{${input}}}.`;

/**
 * The list a person uploaded or pasted: a JSON array of objects when it starts with "[", else CSV
 * whose first line names the columns (RFC 4180, the reader the server uses). Returns the message
 * to show instead when it cannot be read, holds no rows, or holds more than a batch takes.
 */
export function readList(text: string): ReadList | string {
  const trimmed = text.trim();
  const read = trimmed.startsWith("[") ? readJsonList(trimmed) : csvToObjects(trimmed);
  if (!read) return BAD_LIST_MESSAGE;
  if (!read.rows.length) return EMPTY_LIST_MESSAGE;
  if (read.rows.length > BATCH_MAX_ROWS) return tooManyRowsMessage(read.rows.length);
  return read;
}

function readJsonList(text: string): ReadList | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || !parsed.every((row) => row !== null && typeof row === "object" && !Array.isArray(row))) return null;
  const columns = [...new Set(parsed.flatMap((row: object) => Object.keys(row)))];
  const cell = (value: unknown) =>
    value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  const rows = parsed.map((row: Record<string, unknown>) => Object.fromEntries(columns.map((c) => [c, cell(row[c])])));
  return { columns, rows };
}

const loose = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Each input filled by the column of the same name (ignoring case, spaces, `_` and `-`); the key by `idempotency_key`. */
export function guessMapping(inputs: readonly string[], columns: readonly string[]): ColumnMapping {
  const byName = (name: string) => columns.find((c) => c === name) ?? columns.find((c) => loose(c) === loose(name)) ?? "";
  return { inputs: Object.fromEntries(inputs.map((input) => [input, byName(input)])), key: byName(ROW_KEY_FIELD) };
}

/** Each row's values by input name (and its key), as POST /tasks/{id}/batches takes them. */
export function mappedRows(list: ReadList, mapping: ColumnMapping): Record<string, string>[] {
  return list.rows.map((row) => {
    const values = Object.fromEntries(Object.entries(mapping.inputs).map(([input, column]) => [input, row[column] ?? ""]));
    return mapping.key ? { ...values, [ROW_KEY_FIELD]: row[mapping.key] ?? "" } : values;
  });
}

/** What stops the batch from starting: an input with no column, or the first row without a value for one; null when none. */
export function mappingProblem(list: ReadList, mapping: ColumnMapping): string | null {
  const unmapped = Object.entries(mapping.inputs).find(([, column]) => !column);
  if (unmapped) return unmappedInputMessage(unmapped[0]);
  for (const [i, row] of list.rows.entries()) {
    const empty = Object.entries(mapping.inputs).find(([, column]) => !(row[column] ?? "").trim());
    if (empty) return emptyCellMessage(empty[0], i + 1);
  }
  return null;
}

export const START_FAILED_MESSAGE = "The batch could not be started. Please try again.";

/**
 * What the dialog says when the server refused the batch: its field message for a 400 ("Row 2
 * has no value for {{city}}, …"), its own words for a 402 or 409 (credits, a key already used),
 * else ours.
 */
export function startRefusal(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return START_FAILED_MESSAGE;
  return error.fields[0]?.message ?? error.serverMessage ?? START_FAILED_MESSAGE;
}
