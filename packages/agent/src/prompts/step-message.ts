import type { UserContent } from "ai";
import { formatFileSize } from "@errand/contract";
import type { Observation } from "../observe/create-observer.ts";
import { wrapUntrusted } from "./untrusted.ts";

/**
 * The task as the model reads it. Today's date is included: tasks say "next Friday" or "the last
 * 7 days", and a model does not know the date.
 */
export function taskMessage(
  task: {
    prompt: string;
    initialUrl?: string | null;
    responseFormat: "text" | "json";
    /** JSON without a schema. */
    anyJson?: boolean;
    /** Files attached to the run, by name (upload_file takes them). */
    files?: { name: string; size: number; contentType: string }[];
  },
  schemaText?: string,
  now: Date = new Date(),
): string {
  const parts = [`Task: ${task.prompt.trim()}`, `Today's date: ${now.toISOString().slice(0, 10)} (UTC)`];
  if (task.initialUrl) parts.push(`Start page: ${task.initialUrl}`);
  if (task.files?.length)
    parts.push(`Files you can upload: ${task.files.map((f) => `${f.name} (${formatFileSize(f.size)}, ${f.contentType})`).join(", ")}`);
  if (task.responseFormat === "json") {
    if (task.anyJson) parts.push("Answer format: any JSON object or array that holds the answer, given in done's data.");
    else if (schemaText) parts.push(`Answer format: JSON, given in done's data, matching this schema:\n${schemaText}`);
    else parts.push("Answer format: JSON, given in done's data, matching the schema of data.");
  }
  return parts.join("\n");
}

function quote(s: string, max = 80): string {
  const t = s.replace(/\s+/g, " ").trim();
  return JSON.stringify(t.length > max ? `${t.slice(0, max)}…` : t);
}

export interface StepMessageOptions {
  step: number;
  maxSteps: number;
  secondsLeft: number;
  notes: string[];
  /** Attach the screenshot (vision on and nothing secret on the page). */
  image: boolean;
  imageDetail: "low" | "high" | "auto";
}

/** The latest browser state, the only observation the model sees in full. */
export function stepMessage(obs: Observation, opts: StepMessageOptions): UserContent {
  const head = [`Step ${opts.step} of ${opts.maxSteps}; ${Math.max(0, Math.round(opts.secondsLeft))} s left.`];
  for (const note of opts.notes) head.push(note);
  if (obs.tabs.length > 1) {
    head.push(`Tabs: ${obs.tabs.map((t) => `${t.index}${t.current ? " (current)" : ""} ${quote(t.title, 40)} ${t.url}`).join(" | ")}`);
  }
  head.push(`URL: ${obs.url}`);
  if (obs.title) head.push(`Title: ${quote(obs.title, 120)}`);
  head.push(`Scroll: ${obs.scroll.above} px above, ${obs.scroll.below} px below (viewport ${obs.scroll.viewport} px).`);
  const text = `${head.join("\n")}\n${wrapUntrusted(obs.content)}`;
  if (!opts.image || !obs.screenshot) return [{ type: "text", text }];
  return [
    { type: "text", text },
    {
      type: "image",
      image: obs.screenshot,
      mediaType: obs.screenshotType === "jpeg" ? "image/jpeg" : "image/png",
      providerOptions: { openai: { imageDetail: opts.imageDetail } },
    },
  ];
}
