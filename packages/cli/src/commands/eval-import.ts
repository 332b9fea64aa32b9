import { EVALUATION_LIMITS, type EvaluationSuiteInput } from "@errand/contract";

/**
 * Converts the public web-agent benchmarks' task files into an evaluation suite
 * (docs/evaluations.md). Their tasks have no answer key we can check by text, so the cases have
 * no `expected`; a judge check (the configured model, given instructions) can be added to each.
 */
export const IMPORT_FORMATS = ["webvoyager", "online-mind2web"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportOptions {
  format: ImportFormat;
  /** Keep only tasks of these sites: WebVoyager's web_name, or a part of Online-Mind2Web's website address. */
  sites?: string[];
  offset?: number;
  limit?: number;
  /** Judge instructions added to every case. */
  judge?: string;
}

interface Task {
  id: string;
  site: string;
  prompt: string;
  url: string;
}

/** The suite made of the file's tasks; a problem with the file throws an Error naming the line or item. */
export function importSuite(text: string, options: ImportOptions): EvaluationSuiteInput {
  const tasks = options.format === "webvoyager" ? webVoyagerTasks(text) : onlineMind2WebTasks(text);
  const sites = options.sites?.map((s) => s.toLowerCase());
  const kept = tasks.filter((t) => !sites || sites.some((s) => t.site.toLowerCase().includes(s)));
  const start = options.offset ?? 0;
  const chosen = kept.slice(start, start + Math.min(options.limit ?? EVALUATION_LIMITS.maxCases, EVALUATION_LIMITS.maxCases));
  if (!chosen.length) throw new Error("No task of the file is left after --sites, --offset and --limit");
  const label = options.format === "webvoyager" ? "WebVoyager" : "Online-Mind2Web";
  return {
    name: `${label}: ${chosen.length} tasks${options.sites ? ` (${options.sites.join(", ")})` : ""}`,
    description: `Imported from a ${label} task file; tasks ${start + 1} to ${start + chosen.length} of ${kept.length}.`,
    cases: chosen.map((t) => ({
      name: t.id,
      prompt: t.prompt,
      start_url: t.url,
      ...(options.judge ? { checks: { assertions: [], judge: { instructions: options.judge } } } : {}),
    })),
  };
}

/** WebVoyager: JSON lines, each `{ web_name, id, ques, web }`. */
function webVoyagerTasks(text: string): Task[] {
  return text.split(/\r?\n/).flatMap((line, i) => {
    if (!line.trim()) return [];
    const item = parseItem(line, `line ${i + 1}`);
    return [task(item, `line ${i + 1}`, { id: "id", site: "web_name", prompt: "ques", url: "web" })];
  });
}

/** Online-Mind2Web: a JSON array of `{ task_id, confirmed_task, website, level }`. */
function onlineMind2WebTasks(text: string): Task[] {
  const items = parseItem(text, "the file");
  if (!Array.isArray(items)) throw new Error("An Online-Mind2Web file is a JSON array of tasks");
  return items.map((item, i) => {
    const found = task(item, `item ${i + 1}`, { id: "task_id", site: "website", prompt: "confirmed_task", url: "website" });
    const level = (item as Record<string, unknown>).level;
    return typeof level === "string" ? { ...found, id: `${found.id} (${level})` } : found;
  });
}

function parseItem(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${where} is not valid JSON`);
  }
}

function task(item: unknown, where: string, fields: Record<keyof Task, string>): Task {
  const record = (item ?? {}) as Record<string, unknown>;
  const read = (key: keyof Task) => {
    const value = record[fields[key]];
    if (typeof value !== "string" && typeof value !== "number") throw new Error(`${where} has no ${fields[key]}`);
    return String(value).trim();
  };
  const url = read("url");
  return { id: read("id"), site: read("site"), prompt: read("prompt"), url: /^https?:\/\//i.test(url) ? url : `https://${url}` };
}
