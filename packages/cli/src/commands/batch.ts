import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { batchProgress, csvToObjects } from "@errand/contract";
import { Errand, type Batch } from "@errand/sdk";

const USAGE = "Usage: errand batch <task id> rows.csv [--concurrency N] [--wait] (with ERRAND_URL and ERRAND_API_KEY)";

/**
 * `errand batch <task> rows.csv`: runs a saved task over the CSV's rows on a server (ERRAND_URL,
 * ERRAND_API_KEY) through the SDK; the header row names the prompt's `{{inputs}}`
 * (docs/adr/0041-batches.md). With --wait it prints the progress until the batch ends and exits
 * 0 when every row succeeded, 1 otherwise.
 */
export async function batchCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { concurrency: { type: "string" }, wait: { type: "boolean", default: false } },
  });
  const [taskId, file] = positionals;
  const remote = { baseUrl: process.env.ERRAND_URL, apiKey: process.env.ERRAND_API_KEY };
  if (!taskId || !file || !remote.baseUrl || !remote.apiKey) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const table = csvToObjects(await readFile(file, "utf8"));
  if (!table) {
    process.stderr.write(`${file}: a quoted field is never closed\n`);
    return 2;
  }
  const write = (text: string) => process.stdout.write(text);
  const errand = new Errand({ baseUrl: remote.baseUrl, apiKey: remote.apiKey, userAgent: "errand-cli" });
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  const batch = await errand.batches.create(taskId, { rows: table.rows, ...(concurrency === undefined ? {} : { concurrency }) });
  write(`Batch ${batch.id} started: ${batch.total_rows} rows, ${batch.concurrency} at once.\n`);
  if (!values.wait) return 0;
  let last = "";
  const ended = await errand.batches.waitForBatch(batch.id, {
    onProgress: (b) => {
      const line = progressLine(b);
      if (line !== last) write(`${line}\n`);
      last = line;
    },
  });
  write(`Batch ${ended.status}. Results: ${errand.baseUrl}/api/v1/batches/${ended.id}/results?format=csv\n`);
  return ended.counts.success === ended.total_rows ? 0 : 1;
}

/** "12/100 done: 11 success, 1 failed; 4 running". */
function progressLine(batch: Batch): string {
  const { ended, running, outcomes } = batchProgress(batch);
  return `${ended}/${batch.total_rows} done${outcomes.length ? `: ${outcomes.join(", ")}` : ""}; ${running} running`;
}
