// Writes durations.json (the order vitest starts files in, longest-first.ts) from a vitest JSON
// report: `npx vitest run --reporter=json --outputFile.json=report.json`, then
// `node scripts/vitest/write-durations.mjs report.json`. Files under 3 s are left out.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const report = JSON.parse(readFileSync(process.argv[2], "utf8"));
const seconds = report.testResults
  .map((file) => [path.relative(root, file.name), Math.round((file.endTime - file.startTime) / 1000)])
  .filter(([, s]) => s >= 3)
  .sort((a, b) => b[1] - a[1]);
writeFileSync(new URL("./durations.json", import.meta.url), `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
process.stdout.write(`${seconds.length} files over 3 s written to scripts/vitest/durations.json\n`);
