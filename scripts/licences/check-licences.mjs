// `npm run licences` (--write) and a step of `npm test`: every production dependency's licence
// is accepted by licence-policy.mjs, and docs/third-party-licences.md lists them as they are.
//   node scripts/licences/check-licences.mjs [--write] [--root <dir>]
// Node built-ins only.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { judgeLicences, licenceProblems } from "./judge-licences.mjs";
import { productionPackages } from "./production-packages.mjs";
import { DOC_PATH, renderThirdPartyDoc } from "./third-party-doc.mjs";

/** Checks the tree at `root`; returns the lines to print and whether it passed. */
export function checkLicences(root, { write = false } = {}) {
  const judged = judgeLicences(productionPackages(root));
  const problems = licenceProblems(judged);
  if (problems.length) {
    return {
      ok: false,
      lines: [
        `${problems.length} production ${problems.length === 1 ? "dependency has a licence" : "dependencies have licences"} Errand does not accept (scripts/licences/licence-policy.mjs):`,
        ...problems.map((p) => `  ${p}`),
      ],
    };
  }
  const doc = renderThirdPartyDoc(judged);
  const file = path.join(root, DOC_PATH);
  const counts = `${judged.length} production dependencies, every licence accepted`;
  if (write) {
    writeFileSync(file, doc);
    return { ok: true, lines: [`${counts}; wrote ${DOC_PATH}`] };
  }
  if (!existsSync(file) || readFileSync(file, "utf8") !== doc) {
    return { ok: false, lines: [`${DOC_PATH} is out of date with package-lock.json: run \`npm run licences\` and commit it.`] };
  }
  return { ok: true, lines: [`${counts}; ${DOC_PATH} is up to date`] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { write: { type: "boolean", default: false }, root: { type: "string" } } });
  const root = path.resolve(values.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../.."));
  const { ok, lines } = checkLicences(root, { write: values.write });
  (ok ? process.stdout : process.stderr).write(`${lines.join("\n")}\n`);
  process.exitCode = ok ? 0 : 1;
}
