/**
 * What of an error may reach a log. A database error is reduced to its SQLSTATE code, the
 * condition's name, the query's verb and table and the schema object involved: drizzle's
 * message carries every parameter ("Failed query: ... params: <user id>,<url>,<prompt>"), and
 * Postgres puts values in `detail` and in some messages (`invalid input syntax for type uuid: "x"`).
 */

/** Names of the SQLSTATE codes we meet (see Postgres's errcodes appendix); others log the code alone. */
const CONDITIONS: Record<string, string> = {
  "08000": "connection_exception",
  "08003": "connection_does_not_exist",
  "08006": "connection_failure",
  "22001": "string_data_right_truncation",
  "22003": "numeric_value_out_of_range",
  "22007": "invalid_datetime_format",
  "22008": "datetime_field_overflow",
  "22012": "division_by_zero",
  "22021": "character_not_in_repertoire",
  "22023": "invalid_parameter_value",
  "22P02": "invalid_text_representation",
  "22P05": "untranslatable_character",
  "23502": "not_null_violation",
  "23503": "foreign_key_violation",
  "23505": "unique_violation",
  "23514": "check_violation",
  "23P01": "exclusion_violation",
  "25P02": "in_failed_sql_transaction",
  "40001": "serialization_failure",
  "40P01": "deadlock_detected",
  "42601": "syntax_error",
  "42703": "undefined_column",
  "42883": "undefined_function",
  "42P01": "undefined_table",
  "53300": "too_many_connections",
  "54000": "program_limit_exceeded",
  "55P03": "lock_not_available",
  "57014": "query_canceled",
  "57P01": "admin_shutdown",
};

/**
 * Classes whose messages name only schema objects or the server's state, never a value: their
 * message is kept. Data exceptions (22) and integrity violations (23) quote values: dropped.
 */
const MESSAGE_SAFE_CLASSES = new Set(["08", "25", "40", "42", "53", "54", "55", "57", "58"]);

interface PgErrorLike {
  code: string;
  message: string;
  table?: string;
  column?: string;
  constraint?: string;
}

interface DrizzleQueryErrorLike {
  query: string;
  params: unknown[];
  cause?: unknown;
}

function isPgError(value: unknown): value is PgErrorLike {
  const v = value as Partial<PgErrorLike> & { severity?: unknown };
  return value instanceof Error && typeof v.code === "string" && /^[0-9A-Z]{5}$/.test(v.code) && "severity" in v;
}

function isDrizzleQueryError(value: unknown): value is Error & DrizzleQueryErrorLike {
  const v = value as Partial<DrizzleQueryErrorLike>;
  return value instanceof Error && typeof v.query === "string" && Array.isArray(v.params);
}

/** An error and its causes, outermost first (bounded: a cause may point back at itself). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && chain.length < 6 && !chain.includes(e); e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  return chain;
}

/** `insert into "tasks_runs"`, `update "users"`, `select from "tasks"`: the statement's verb and table, no values. */
export function queryName(sql: string): string {
  const text = sql.replace(/\s+/g, " ").trim();
  const table = String.raw`("[^"]+"(?:\."[^"]+")?|[\w.]+)`;
  const patterns: [RegExp, string][] = [
    [new RegExp(String.raw`\binsert into ${table}`, "i"), "insert into"],
    [new RegExp(String.raw`^(?:with\b.*?\))?\s*update ${table}`, "i"), "update"],
    [new RegExp(String.raw`\bdelete from ${table}`, "i"), "delete from"],
    [new RegExp(String.raw`^(?:with\b.*?\)\s*)?select\b.*?\bfrom ${table}`, "i"), "select from"],
  ];
  for (const [pattern, verb] of patterns) {
    const match = pattern.exec(text);
    if (match) return `${verb} ${match[1]}`;
  }
  // Anything else (begin, lock, a function call): its first word only.
  return (/^[a-z]+/i.exec(text)?.[0] ?? "query").toLowerCase();
}

/** A database error as log fields; undefined for any other error. */
export function describeDatabaseError(error: unknown): Record<string, string> | undefined {
  const chain = causeChain(error);
  const query = chain.find(isDrizzleQueryError);
  const pg = chain.find(isPgError);
  if (!query && !pg) return undefined;
  const fields: Record<string, string> = { kind: "database" };
  if (pg) {
    fields.code = pg.code;
    if (CONDITIONS[pg.code]) fields.condition = CONDITIONS[pg.code]!;
    if (MESSAGE_SAFE_CLASSES.has(pg.code.slice(0, 2))) fields.message = pg.message;
    if (pg.table) fields.table = pg.table;
    if (pg.column) fields.column = pg.column;
    if (pg.constraint) fields.constraint = pg.constraint;
  } else if (query?.cause instanceof Error) {
    // No SQLSTATE (a dropped connection, a pool timeout): those messages hold no values.
    fields.message = query.cause.message;
  }
  if (query) fields.query = queryName(query.query);
  return fields;
}

/**
 * Drizzle's "Failed query: <sql>\nparams: <values>" inside any text (a message that quoted
 * another error's): the query's name stays, the parameters and everything after them go.
 */
export function scrubFailedQuery(text: string): string {
  const at = text.indexOf("Failed query: ");
  if (at < 0) return text;
  const params = text.indexOf("\nparams: ", at);
  const sql = text.slice(at + "Failed query: ".length, params < 0 ? undefined : params);
  return `${text.slice(0, at)}Failed query (${queryName(sql)}); parameters not logged`;
}

/**
 * An error as log fields: a database error as `describeDatabaseError` says; any other as its
 * name, message and stack (cut at drizzle's parameters if it quoted a failed query).
 */
export function describeError(error: unknown): Record<string, string> {
  const database = describeDatabaseError(error);
  if (database) return database;
  if (!(error instanceof Error)) return { message: scrubFailedQuery(String(error)) };
  const fields: Record<string, string> = { message: scrubFailedQuery(`${error.name}: ${error.message}`) };
  const frames = error.stack?.split("\n").filter((line) => /^\s+at /.test(line));
  if (frames?.length) fields.stack = frames.map((line) => line.trim()).join("\n");
  return fields;
}
