import { csvToObjects, missingInputMessage, noInputsMessage, ROW_KEY_FIELD, type CreateBatch } from "@errand/contract";
import { invalid } from "../errors.ts";

/** A row as it is stored: the prompt's inputs only, and the caller's key when it gave one. */
export interface RowInput {
  params: Record<string, string>;
  key: string | null;
}

/**
 * Checks every row against the prompt's inputs: a row without a value for one is refused with
 * 400 naming the input and the row (1-based, as a spreadsheet counts data rows). Columns the
 * prompt does not use are dropped; the `idempotency_key` field becomes the row's key.
 */
export function rowsForInputs(inputs: readonly string[], rows: readonly Record<string, string>[]): RowInput[] {
  if (!inputs.length) throw invalid([{ path: "rows", message: noInputsMessage }]);
  const keys = new Set<string>();
  return rows.map((row, i) => {
    const missing = inputs.find((name) => !Object.hasOwn(row, name));
    if (missing) throw invalid([{ path: `rows.${i}.${missing}`, message: missingInputMessage(missing, i + 1) }]);
    const key = row[ROW_KEY_FIELD] || null;
    if (key !== null) {
      if (keys.has(key))
        throw invalid([{ path: `rows.${i}.${ROW_KEY_FIELD}`, message: `Rows ${i + 1} and an earlier one share the key "${key}"` }]);
      keys.add(key);
    }
    return { params: Object.fromEntries(inputs.map((name) => [name, row[name]!])), key };
  });
}

/** A CSV body (RFC 4180, the header row names the inputs) as the rows of a batch. */
export function csvBatchRows(text: string): CreateBatch["rows"] {
  const table = csvToObjects(text);
  if (!table) throw invalid([{ path: "body", message: "The CSV has a quoted field that is never closed" }]);
  if (!table.columns.length || table.columns.every((c) => !c))
    throw invalid([{ path: "body", message: "The CSV needs a header row naming the inputs" }]);
  return table.rows;
}
