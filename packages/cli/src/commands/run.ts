import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { remoteRun } from "./remote-run.ts";

const USAGE = `Usage: errand run "<prompt>" [--url URL] [--schema file.json] [--timeout SECONDS] [--model MODEL] [--provider openai|anthropic] [--max-cost USD] [--max-steps N] [--on-limit stop|ask] [--tag TAG]...`;

/**
 * Runs one task from the terminal against the embedded database (or DATABASE_URL), or against a
 * remote server through the SDK when ERRAND_URL and ERRAND_API_KEY are set, printing each step as
 * it happens and the result at the end. Exit code 0 on success, 1 otherwise, 2 for bad usage.
 */
export async function runCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      schema: { type: "string" },
      timeout: { type: "string" },
      model: { type: "string" },
      provider: { type: "string" },
      "max-cost": { type: "string" },
      "max-steps": { type: "string" },
      "on-limit": { type: "string" },
      tag: { type: "string", multiple: true },
    },
  });
  const prompt = positionals.join(" ").trim();
  if (!prompt) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const jsonSchema = values.schema ? await readFile(values.schema, "utf8") : undefined;
  // The run's limits (docs/adr/0037-spending-limits.md): checked by the API like any other field.
  const limits = {
    ...(values["max-cost"] ? { max_cost_usd: Number(values["max-cost"]) } : {}),
    ...(values["max-steps"] ? { max_steps: Number(values["max-steps"]) } : {}),
    ...(values["on-limit"] ? { on_limit: values["on-limit"] as "stop" | "ask" } : {}),
    // Repeatable: the new task's tags, for usage by tag (docs/adr/0039-usage-by-member-key-and-tag.md).
    ...(values.tag?.length ? { tags: values.tag } : {}),
  };

  const remote = { baseUrl: process.env.ERRAND_URL, apiKey: process.env.ERRAND_API_KEY };
  if (remote.baseUrl && remote.apiKey) {
    const settings = {
      prompt,
      response_format: jsonSchema ? ("json" as const) : ("text" as const),
      ...(values.url ? { initial_url: values.url } : {}),
      ...(values.timeout ? { session_timeout: Number(values.timeout) } : {}),
      ...(values.model ? { model: values.model } : {}),
      ...(values.provider ? { provider: values.provider as "openai" | "anthropic" } : {}),
      ...(jsonSchema ? { json_schema: jsonSchema } : {}),
      ...limits,
    };
    return remoteRun(settings, { baseUrl: remote.baseUrl, apiKey: remote.apiKey }, (text) => process.stdout.write(text));
  }

  // Loaded only here: a remote run needs the SDK alone, not the server and its database.
  const { localRun } = await import("./local-run.ts");
  return localRun({
    prompt,
    initial_url: values.url,
    session_timeout: values.timeout,
    model: values.model,
    provider: values.provider as "openai" | "anthropic" | undefined,
    response_format: jsonSchema ? "json" : "text",
    json_schema: jsonSchema,
    ...limits,
  });
}
