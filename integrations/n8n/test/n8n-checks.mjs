// Runs n8n's own checks on package folders and prints their outcomes as one line of JSON (an
// array, in the order asked). The argument is a JSON array of checks:
//   { "mode": "lint", "dir": D, "files": [...] }  ESLint 9 with `n8n-node lint`'s strict configuration
//   { "mode": "scan-source", "dir": D }            @n8n/scan-community-package's scan of the sources
//   { "mode": "scan-tarball", "dir": D }           its scan of the unpacked tarball
// A process of its own because eslint-plugin-n8n-nodes-base switches its filename rules off
// whenever NODE_ENV is "test", as it is inside vitest. One process for all the checks: loading
// ESLint, n8n's plugins and the scanner takes longer than the checks themselves.
import { createRequire } from "node:module";

const checks = JSON.parse(process.argv[2] ?? "[]");

async function lint(dir, files) {
  const { ESLint } = await import("eslint");
  const { config } = createRequire(import.meta.url)("@n8n/node-cli/eslint");
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(files);
  const report = await (await eslint.loadFormatter("stylish")).format(results);
  return {
    errors: results.reduce((sum, r) => sum + r.errorCount, 0),
    warnings: results.reduce((sum, r) => sum + r.warningCount, 0),
    rules: [...new Set(results.flatMap((r) => r.messages.map((m) => m.ruleId)))],
    report,
  };
}

async function scan(mode, dir) {
  const { analyzePackage, SOURCE_FILE_PATTERNS } = await import("@n8n/scan-community-package/scanner/scanner.mjs");
  // The tarball scan covers the compiled code and the published package.json, as the scanner's command line does.
  const patterns = mode === "scan-source" ? SOURCE_FILE_PATTERNS : ["**/*.js", "package.json"];
  const { passed, message, details } = await analyzePackage(dir, patterns);
  return { passed, message, details };
}

const outcomes = [];
for (const check of checks) {
  if (check.mode === "lint") outcomes.push(await lint(check.dir, check.files));
  else if (check.mode === "scan-source" || check.mode === "scan-tarball") outcomes.push(await scan(check.mode, check.dir));
  else {
    process.stderr.write(`unknown mode ${check.mode}\n`);
    process.exit(2);
  }
}
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
