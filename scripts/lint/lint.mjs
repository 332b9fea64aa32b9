// `npm run lint` (and the lint step of `npm test`): eslint with Errand's rules, the count of
// functions over 80 lines, the import-circle check and the formatter's check, each printed under
// its own heading; exits 1 when any fails. What each enforces: docs/adr/0017-enforced-boundaries.md.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { checkImportCycles, describeCycle } from "./import-cycles.mjs";
import { readKnownViolations } from "./known-violations.mjs";

const LONG_FUNCTION_RULE = "errand/long-function";

/**
 * eslint over `root`: fails on any error, and on any warning except functions over 80 lines,
 * of which at most `longFunctionsAllowed` may exist.
 */
export async function runEslint(root, { longFunctionsAllowed, overrideConfigFile } = {}) {
  const eslint = new ESLint({ cwd: root, overrideConfigFile });
  const results = await eslint.lintFiles(["."]);
  const output = await (await eslint.loadFormatter("stylish")).format(results);
  const messages = results.flatMap((r) => r.messages.map((m) => ({ ...m, file: path.relative(root, r.filePath) })));
  const errors = messages.filter((m) => m.severity === 2 || m.fatal);
  const longFunctions = messages.filter((m) => m.severity === 1 && m.ruleId === LONG_FUNCTION_RULE);
  const otherWarnings = messages.filter((m) => m.severity === 1 && m.ruleId !== LONG_FUNCTION_RULE);
  const tooManyLong = longFunctionsAllowed !== undefined && longFunctions.length > longFunctionsAllowed;
  return {
    ok: errors.length === 0 && otherWarnings.length === 0 && !tooManyLong,
    output,
    errors,
    otherWarnings,
    longFunctions,
    tooManyLong,
  };
}

/** The formatter's check (Biome, biome.json): lists each file whose formatting differs. */
export function runFormatCheck(root, biome = path.join(root, "node_modules/.bin/biome")) {
  const result = spawnSync(biome, ["format", "."], { cwd: root, encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const known = readKnownViolations();
  const write = (text) => process.stdout.write(text);
  let ok = true;
  let started = Date.now();

  const lint = await runEslint(root, { longFunctionsAllowed: known.longFunctionsAllowed });
  write(lint.output);
  write(
    `eslint: ${lint.errors.length} error(s), ${lint.otherWarnings.length} other warning(s), ${lint.longFunctions.length} function(s) over 80 lines (at most ${known.longFunctionsAllowed}), ${seconds(started)}\n`,
  );
  if (lint.tooManyLong) write(`  more functions over 80 lines than allowed: cut the new one into named parts that read top to bottom.\n`);
  ok &&= lint.ok;

  started = Date.now();
  const cycles = checkImportCycles(root, known.importCycles);
  for (const chain of cycles.fresh) write(`import circle:\n  ${describeCycle(chain)}\n`);
  write(
    `import circles: ${cycles.fresh.length} new, ${cycles.tolerated.length} known (scripts/lint/known-violations.json), ${seconds(started)}\n`,
  );
  ok &&= cycles.fresh.length === 0;

  if (known.formatCheck) {
    started = Date.now();
    const format = runFormatCheck(root);
    if (!format.ok) write(`${format.output}\nformatting: run \`npm run format\`.\n`);
    write(`formatter (biome): ${format.ok ? "ok" : "files differ"}, ${seconds(started)}\n`);
    ok &&= format.ok;
  } else {
    write(`formatter (biome): check off until the repository is formatted once (formatCheck in scripts/lint/known-violations.json)\n`);
  }
  process.exit(ok ? 0 : 1);
}

function seconds(started) {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
