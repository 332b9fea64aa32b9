// Runs one of n8n's own checks on a package folder and prints its outcome as one line of JSON:
//   node n8n-checks.mjs lint <dir> <file or folder>...  ESLint 9 with `n8n-node lint`'s strict configuration
//   node n8n-checks.mjs scan-source <dir>               @n8n/scan-community-package's scan of the sources
//   node n8n-checks.mjs scan-tarball <dir>              its scan of the unpacked tarball
// A process of its own because eslint-plugin-n8n-nodes-base switches its filename rules off
// whenever NODE_ENV is "test", as it is inside vitest.
import { createRequire } from "node:module";

const [mode, dir, ...files] = process.argv.slice(2);
const print = (result) => process.stdout.write(`${JSON.stringify(result)}\n`);

if (mode === "lint") {
  const { ESLint } = await import("eslint");
  const { config } = createRequire(import.meta.url)("@n8n/node-cli/eslint");
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(files);
  const report = await (await eslint.loadFormatter("stylish")).format(results);
  print({
    errors: results.reduce((sum, r) => sum + r.errorCount, 0),
    warnings: results.reduce((sum, r) => sum + r.warningCount, 0),
    rules: [...new Set(results.flatMap((r) => r.messages.map((m) => m.ruleId)))],
    report,
  });
} else if (mode === "scan-source" || mode === "scan-tarball") {
  const { analyzePackage, SOURCE_FILE_PATTERNS } = await import("@n8n/scan-community-package/scanner/scanner.mjs");
  // The tarball scan covers the compiled code and the published package.json, as the scanner's command line does.
  const patterns = mode === "scan-source" ? SOURCE_FILE_PATTERNS : ["**/*.js", "package.json"];
  const { passed, message, details } = await analyzePackage(dir, patterns);
  print({ passed, message, details });
} else {
  process.stderr.write(`unknown mode ${mode}\n`);
  process.exit(2);
}
