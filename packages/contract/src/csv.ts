/**
 * Reads CSV text as RFC 4180 says: fields split by commas, records by CRLF or LF, a field in
 * double quotes may hold commas, line breaks and "" for a quote. A trailing line break ends the
 * last record rather than starting an empty one. Returns null when a quote is never closed.
 */
export function parseCsv(text: string): string[][] | null {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted) {
      if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") endField();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRecord();
    } else field += c;
  }
  if (quoted) return null;
  if (field !== "" || record.length) endRecord();
  return records;
}

/** Rows as objects: the first record names the columns; blank lines are dropped. */
export function csvToObjects(text: string): { columns: string[]; rows: Record<string, string>[] } | null {
  const records = parseCsv(text);
  if (!records) return null;
  const [header = [], ...rest] = records.filter((r) => !(r.length === 1 && r[0] === ""));
  const columns = header.map((name) => name.trim());
  const rows = rest.map((r) => Object.fromEntries(columns.map((name, i) => [name, r[i] ?? ""])));
  return { columns, rows };
}
