/** How the database package marks a line of the embedded Postgres's own output. */
const SERVER_PREFIX = "[postgres] ";
/** A Postgres log entry starts with its time (the default log_line_prefix, '%m [%p] '). */
const ENTRY_START = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;
/**
 * Reports about a client's failed statement: the values it was given show up in DETAIL (and
 * in some ERROR messages), its text in STATEMENT and QUERY. The app logs these failures itself,
 * with the code and the query's name (see describe-error.ts).
 */
const STATEMENT_REPORT = /^\S+ \S+ \S+ \[\d+\] (?:ERROR|DETAIL|STATEMENT|CONTEXT|QUERY|HINT):/;

/**
 * A filter for the database's log callback: the lines worth logging, without Postgres's reports
 * about failed statements and their continuation lines (a multi-line value). It takes a server
 * line at a time ("[postgres] ..."), or a chunk of several; the app's own messages pass.
 */
export function createPostgresLogFilter(): (message: string) => string[] {
  let dropping = false;
  return (message) => {
    const lines = message.split(/\r?\n/);
    const kept: string[] = [];
    for (const raw of lines) {
      const fromServer = raw.startsWith(SERVER_PREFIX) || lines.length > 1;
      const line = raw.startsWith(SERVER_PREFIX) ? raw.slice(SERVER_PREFIX.length) : raw;
      if (ENTRY_START.test(line)) dropping = STATEMENT_REPORT.test(line);
      else if (!fromServer) dropping = false;
      if (!dropping && raw.trim()) kept.push(raw);
    }
    return kept;
  };
}
