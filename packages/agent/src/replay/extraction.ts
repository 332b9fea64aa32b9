import type { AnswerRead, AnswerTemplate, Extraction } from "@errand/contract";
import type { ElementHandle, Page } from "playwright-core";
import { callInPage, callInPageHandle, loadInPageScript } from "../browser/in-page-script.ts";
import { describeTarget, findTarget } from "./locate.ts";

const TEXT_ELEMENTS_SOURCE = loadInPageScript(new URL("./in-page/text-elements.js", import.meta.url));
const MAX_READS = 200;
const MAX_TEXT_READS = 20;

async function findByText(page: Page, find: "text" | "number", value: string | number): Promise<ElementHandle | null> {
  const handle = await callInPageHandle(page.mainFrame(), TEXT_ELEMENTS_SOURCE, { find, value }).catch(() => null);
  const element = (handle?.asElement() as ElementHandle | null) ?? null;
  if (!element) void handle?.dispose().catch(() => {});
  return element;
}

/**
 * How the answer the agent gave is read off the last page next time: every value of it that an
 * element of the page shows becomes a read of that element; the rest stays as the agent wrote it.
 */
export async function buildExtraction(page: Page, format: "text" | "json", result: string): Promise<Extraction> {
  const reads: AnswerRead[] = [];
  const read = async (find: "text" | "number", value: string | number): Promise<AnswerTemplate> => {
    if (reads.length >= MAX_READS) return value;
    const element = await findByText(page, find, value);
    if (!element) return value;
    const found = await describeTarget(
      element,
      `${find === "number" ? "a number in " : ""}${JSON.stringify(String(value).slice(0, 80))}`,
    ).catch(() => null);
    void element.dispose().catch(() => {});
    // The value is the data, not the element's identity: a locator by that text would find only the old value.
    const shown = String(value);
    const locators =
      found?.locators.filter((l) => !((l.kind === "role" && l.name.includes(shown)) || (l.kind === "text" && l.text.includes(shown)))) ??
      [];
    if (!found || locators.length === 0) return value;
    const target = { ...found, locators };
    reads.push({ target, as: find });
    return { $read: reads.length - 1 };
  };

  if (format === "json") {
    const walk = async (value: unknown): Promise<AnswerTemplate> => {
      if (typeof value === "string") return value.trim() && value.length <= 300 ? read("text", value.trim()) : value;
      if (typeof value === "number") return read("number", value);
      if (Array.isArray(value)) {
        const out: AnswerTemplate[] = [];
        for (const item of value) out.push(await walk(item));
        return out;
      }
      if (value && typeof value === "object") {
        const out: Record<string, AnswerTemplate> = {};
        for (const [key, item] of Object.entries(value)) out[key] = await walk(item);
        return out;
      }
      return value as AnswerTemplate;
    };
    return { format, reads, template: await walk(JSON.parse(result) as unknown) };
  }

  // A text answer: the page's own short texts that appear in it, longest first, become reads.
  const texts = await callInPage<string[]>(page.mainFrame(), TEXT_ELEMENTS_SOURCE, { list: true }).catch(() => []);
  const claimed: { at: number; end: number; text: string }[] = [];
  for (const text of [...new Set(texts)].sort((a, b) => b.length - a.length)) {
    if (claimed.length >= MAX_TEXT_READS) break;
    const at = result.indexOf(text);
    if (at < 0 || claimed.some((c) => at < c.end && at + text.length > c.at)) continue;
    claimed.push({ at, end: at + text.length, text });
  }
  claimed.sort((a, b) => a.at - b.at);
  const parts: AnswerTemplate[] = [];
  let cursor = 0;
  for (const c of claimed) {
    if (c.at > cursor) parts.push(result.slice(cursor, c.at));
    parts.push(await read("text", c.text));
    cursor = c.end;
  }
  if (cursor < result.length) parts.push(result.slice(cursor));
  return { format, reads, template: parts };
}

function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export type ReadResult = { ok: true; value: string } | { ok: false; reason: string };

/** The answer read off the page now, as the extraction says; fails when an element it reads is gone. */
export async function readAnswer(
  page: Page,
  extraction: Extraction,
  wait: { timeoutMs: number; settled?: () => () => Promise<boolean> },
): Promise<ReadResult> {
  const values: (string | number)[] = [];
  for (const read of extraction.reads) {
    const found = await findTarget(page, read.target, wait.timeoutMs, { sameName: false, settled: wait.settled?.() });
    if (!found) return { ok: false, reason: `The answer's ${read.target.description} is no longer on the page.` };
    const text = squash(await found.element.evaluate((e) => (e as unknown as { innerText: string }).innerText ?? "").catch(() => ""));
    void found.element.dispose().catch(() => {});
    if (read.as === "number") {
      const match = /-?\d[\d,]*(?:\.\d+)?/.exec(text);
      if (!match) return { ok: false, reason: `The page shows no number where ${read.target.description} was.` };
      values.push(Number(match[0].replace(/,/g, "")));
    } else values.push(text);
  }
  const fill = (t: AnswerTemplate): unknown => {
    if (Array.isArray(t)) return t.map(fill);
    if (t && typeof t === "object") {
      if ("$read" in t && typeof t.$read === "number") return values[t.$read];
      return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fill(v)]));
    }
    return t;
  };
  const filled = fill(extraction.template);
  if (extraction.format === "json") return { ok: true, value: JSON.stringify(filled) };
  return { ok: true, value: (Array.isArray(filled) ? filled : [filled]).map(String).join("") };
}
