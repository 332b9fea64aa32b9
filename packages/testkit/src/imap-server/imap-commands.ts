/**
 * The words of an IMAP4rev1 command line (RFC 3501, section 9): atoms, quoted strings, literals
 * already read in, and parenthesised lists, nested as arrays. Enough for the commands the test
 * server answers; not a full grammar.
 */
export type ImapWord = string | ImapWord[];

export function parseWords(line: string): ImapWord[] {
  const root: ImapWord[] = [];
  const stack: ImapWord[][] = [root];
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    const top = stack[stack.length - 1]!;
    if (ch === " ") {
      i++;
    } else if (ch === "(") {
      const list: ImapWord[] = [];
      top.push(list);
      stack.push(list);
      i++;
    } else if (ch === ")") {
      if (stack.length > 1) stack.pop();
      i++;
    } else if (ch === '"') {
      let text = "";
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === "\\") i++;
        text += line[i] ?? "";
        i++;
      }
      top.push(text);
      i++;
    } else {
      // An atom; "BODY.PEEK[]" and "BODY[HEADER.FIELDS (A B)]" keep their brackets whole.
      let end = i;
      let depth = 0;
      while (end < line.length && (depth > 0 || !" ()".includes(line[end]!))) {
        if (line[end] === "[") depth++;
        if (line[end] === "]") depth--;
        end++;
      }
      top.push(line.slice(i, end));
      i = end;
    }
  }
  return root;
}

/** The numbers a sequence set names ("1:*", "2,4:6"), `max` standing for "*". */
export function parseSequenceSet(set: string, max: number): Set<number> {
  const numbers = new Set<number>();
  const value = (s: string) => (s === "*" ? max : Number(s));
  for (const range of set.split(",")) {
    const [a, b] = range.split(":");
    const from = value(a!);
    const to = b === undefined ? from : value(b);
    for (let n = Math.min(from, to); n <= Math.max(from, to); n++) numbers.add(n);
  }
  return numbers;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "29-Nov-2026" (SEARCH SINCE) as the start of that day, UTC. */
export function parseSearchDate(text: string): number {
  const [day, month, year] = text.split("-");
  return Date.UTC(Number(year), MONTHS.indexOf(month ?? ""), Number(day));
}

/** INTERNALDATE's form: "29-Nov-2026 00:30:05 +0000". */
export function internalDate(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

/** A string as an IMAP quoted string. */
export const quoted = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
