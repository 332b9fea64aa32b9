import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { Errand, type EvaluationDetail } from "@errand/sdk";
import { stringify } from "yaml";
import { IMPORT_FORMATS, importSuite, type ImportFormat } from "./eval-import.ts";
import { comparisonTable } from "./eval-table.ts";

const USAGE = `Usage: errand eval suite.yaml [--models a,b] [--wait] [--json] [--out report.json] (with ERRAND_URL and ERRAND_API_KEY)
       errand eval import --format webvoyager|online-mind2web <file> [--limit N] [--offset N] [--sites a,b] [--judge "instructions"] > suite.yaml`;

/**
 * `errand eval suite.yaml`: runs a suite of cases against models on a server through the SDK
 * (docs/evaluations.md). With --wait (implied by --json and --out) it prints the progress, then
 * the models side by side; it exits 0 once the evaluation finished, whatever the cases' verdicts
 * (they are its result), and 1 when it was cancelled. `errand eval import` writes a suite made
 * from a public benchmark's task file to stdout.
 */
export async function evalCommand(args: string[]): Promise<number> {
  if (args[0] === "import") return importCommand(args.slice(1));
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      models: { type: "string" },
      wait: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      out: { type: "string" },
    },
  });
  const [file] = positionals;
  const remote = { baseUrl: process.env.ERRAND_URL, apiKey: process.env.ERRAND_API_KEY };
  if (!file || !remote.baseUrl || !remote.apiKey) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const text = await readFile(file, "utf8");
  const models = values.models
    ?.split(",")
    .map((m) => m.trim())
    .filter(Boolean);
  const errand = new Errand({ baseUrl: remote.baseUrl, apiKey: remote.apiKey, userAgent: "errand-cli" });
  // JSON goes as JSON; anything else as YAML, parsed by the server.
  const created = file.toLowerCase().endsWith(".json")
    ? await errand.evaluations.create({ suite: JSON.parse(text) as never, ...(models ? { models } : {}) })
    : await errand.evaluations.create({ yaml: text, ...(models ? { models } : {}) });
  // With --json, stdout holds the JSON alone: the progress goes to stderr.
  const say = (line: string) => (values.json ? process.stderr : process.stdout).write(`${line}\n`);
  say(
    `Evaluation ${created.id} started: ${created.total_cases} cases x ${created.models.length} models (${created.models.join(", ")}), ${created.concurrency} at once.`,
  );
  if (!values.wait && !values.json && !values.out) return 0;
  const ended = await follow(errand, created.id, say);
  if (values.out) await writeFile(values.out, `${JSON.stringify(ended.report, null, 2)}\n`);
  if (values.json) process.stdout.write(`${JSON.stringify(ended, null, 2)}\n`);
  else say(`Evaluation ${ended.status}.\n\n${comparisonTable(ended)}`);
  say(`Report: ${errand.baseUrl}/evaluations/${ended.id}`);
  return ended.status === "finished" ? 0 : 1;
}

async function follow(errand: Errand, id: string, say: (line: string) => void): Promise<EvaluationDetail> {
  let last = "";
  return errand.evaluations.waitForEvaluation(id, {
    onProgress: (evaluation) => {
      const { waiting, running } = evaluation.counts;
      const line = `${evaluation.total_cells - waiting - running}/${evaluation.total_cells} done; ${running} running`;
      if (line !== last) say(line);
      last = line;
    },
  });
}

async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: "string" },
      limit: { type: "string" },
      offset: { type: "string" },
      sites: { type: "string" },
      judge: { type: "string" },
    },
  });
  const [file] = positionals;
  const format = values.format as ImportFormat | undefined;
  if (!file || !format || !IMPORT_FORMATS.includes(format)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    const suite = importSuite(await readFile(file, "utf8"), {
      format,
      sites: values.sites?.split(",").map((s) => s.trim()),
      limit: values.limit === undefined ? undefined : Number(values.limit),
      offset: values.offset === undefined ? undefined : Number(values.offset),
      judge: values.judge,
    });
    process.stdout.write(stringify(suite, { lineWidth: 0 }));
    return 0;
  } catch (error) {
    process.stderr.write(`${file}: ${(error as Error).message}\n`);
    return 2;
  }
}
