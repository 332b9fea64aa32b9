import { z } from "zod";
import { runTraceSchema } from "../run-exports.ts";
import { area, byId, commonErrors, ok } from "./describe.ts";

const op = area(["Runs"]);
/** Said on each download: what the run keeps and what it leaves out (docs/adr/0051-run-har-trace-bundle.md). */
const KEPT =
  "Every run keeps its requests and responses (every tab) and its trace. Cookies, Set-Cookie, Authorization and Proxy-Authorization headers are removed and every secret the run knows (its vault credentials, its saved login's values) is masked; request and response bodies are not kept.";
const binary = (type: string, description: string) => ({
  200: { description, content: { [type]: { schema: z.string().meta({ format: "binary" }) } } },
  ...commonErrors,
});

export const runExportOperations = {
  getRunHar: op("getRunHar", {
    summary: "A run's requests and responses as a HAR file",
    description: `HAR 1.2, answered as an attachment (\`run-<id>.har\`). ${KEPT} At most 3,000 requests: a longer run's HAR says where it was cut. A run that opened no browser answers an empty log.`,
    request: byId,
    responses: binary("application/json", "The HAR"),
  }),
  getRunTrace: op("getRunTrace", {
    summary: "A run's trace as JSON: its spans and where each step's time went",
    description:
      "The spans the worker exports over OTLP (run, step, browser observe, chat <model>, browser act), with times in ms after the run started, and per step its time split into model, browser and waiting. Only ids, names, counts, times and kinds: never a prompt, a typed value or a URL.",
    request: byId,
    responses: ok(runTraceSchema, "The trace"),
  }),
  getRunBundle: op("getRunBundle", {
    summary: "Everything a run kept, as one ZIP",
    description: `run.json, steps.json, screenshots/<step>.png|jpg, network.har, trace.json and, when the run was recorded, recording.json; answered as an attachment (\`run-<id>.zip\`). ${KEPT}`,
    request: byId,
    responses: binary("application/zip", "The ZIP archive"),
  }),
};
