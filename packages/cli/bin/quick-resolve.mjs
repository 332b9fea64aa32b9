import { readFileSync, realpathSync, statSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/*
 * Node's ES module loader re-reads a package's `exports` map for every file of that package it
 * resolves, and for every bare import of it: it deserialises package.json afresh and spreads it,
 * which parses the whole map each time. drizzle-orm's map is 137 KB and we load about 400 of its
 * files and imports, so a process spent about a second of CPU importing drizzle-orm alone
 * (docs/adr/0064-quick-module-resolution.md). This resolve hook answers the two cases that
 * dominate without the map, with what Node itself would answer:
 * - a relative import from a file under node_modules: the URL joined to the importer's,
 *   its real path, and its format from the extension or the `type` the nearest package.json
 *   declares (a package that declares none is left to Node, which may look at the source);
 * - a bare import asked again from the same package (the directory of the importer's nearest
 *   package.json) with the same conditions: the answer Node gave the first time. A bare import
 *   resolves from the importer's package and the node_modules folders above it; a node_modules
 *   folder inside a package's own subfolders would break this, and we have none.
 * Anything else, and anything that does not exist, goes to Node's own resolution.
 */

const scopeOfDirectory = new Map();
const bareAnswers = new Map();

/**
 * The nearest package.json at or above a directory: its directory and the `type` it declares
 * ("module", "commonjs", or null when it declares none). Cached per directory.
 */
function packageScope(directory) {
  const known = scopeOfDirectory.get(directory);
  if (known) return known;
  let scope = { root: null, type: null };
  try {
    const declared = JSON.parse(readFileSync(path.join(directory, "package.json"), "utf8")).type;
    scope = { root: directory, type: declared === "module" || declared === "commonjs" ? declared : null };
  } catch (error) {
    const parent = path.dirname(directory);
    if (error.code === "ENOENT" && parent !== directory) scope = packageScope(parent);
  }
  scopeOfDirectory.set(directory, scope);
  return scope;
}

function formatOf(file) {
  if (file.endsWith(".mjs")) return "module";
  if (file.endsWith(".cjs")) return "commonjs";
  if (file.endsWith(".js")) return packageScope(path.dirname(file)).type;
  return null;
}

function resolveInPackage(specifier, parentURL) {
  const file = fileURLToPath(new URL(specifier, parentURL));
  const format = formatOf(file);
  if (!format) return null;
  try {
    if (!statSync(file).isFile()) return null;
    return { url: pathToFileURL(realpathSync(file)).href, format, shortCircuit: true };
  } catch {
    return null;
  }
}

const isRelative = (specifier) => specifier.startsWith("./") || specifier.startsWith("../");
const isBare = (specifier) => !isRelative(specifier) && !specifier.startsWith("/") && !/^[a-z][a-z0-9+.-]*:/i.test(specifier);

module.registerHooks?.({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    const attributes = context.importAttributes ?? {};
    if (!parent?.startsWith("file:") || Object.keys(attributes).length > 0) return nextResolve(specifier, context);
    if (isRelative(specifier) && parent.includes("/node_modules/")) {
      const answer = resolveInPackage(specifier, parent);
      if (answer) return answer;
    } else if (isBare(specifier)) {
      const scope = packageScope(path.dirname(fileURLToPath(parent))).root;
      if (scope === null) return nextResolve(specifier, context);
      const key = `${specifier}\0${scope}\0${(context.conditions ?? []).join(",")}`;
      const known = bareAnswers.get(key);
      if (known) return known;
      const answer = nextResolve(specifier, context);
      bareAnswers.set(key, { ...answer, shortCircuit: true });
      return answer;
    }
    return nextResolve(specifier, context);
  },
});
