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
 * - a bare import asked again from the same directory: the answer Node gave the first time
 *   (a bare import resolves from the importer's directory, and the conditions are in the key).
 * Anything else, and anything that does not exist, goes to Node's own resolution.
 */

const typeOfDirectory = new Map();
const bareAnswers = new Map();

/** The `type` the nearest package.json above a directory declares ("module", "commonjs"), or null. */
function packageType(directory) {
  if (typeOfDirectory.has(directory)) return typeOfDirectory.get(directory);
  let type = null;
  try {
    const declared = JSON.parse(readFileSync(path.join(directory, "package.json"), "utf8")).type;
    if (declared === "module" || declared === "commonjs") type = declared;
  } catch (error) {
    const parent = path.dirname(directory);
    if (error.code === "ENOENT" && parent !== directory) type = packageType(parent);
  }
  typeOfDirectory.set(directory, type);
  return type;
}

function formatOf(file) {
  if (file.endsWith(".mjs")) return "module";
  if (file.endsWith(".cjs")) return "commonjs";
  if (file.endsWith(".js")) return packageType(path.dirname(file));
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
      const key = `${specifier}\0${new URL(".", parent).href}\0${(context.conditions ?? []).join(",")}`;
      const known = bareAnswers.get(key);
      if (known) return known;
      const answer = nextResolve(specifier, context);
      bareAnswers.set(key, { ...answer, shortCircuit: true });
      return answer;
    }
    return nextResolve(specifier, context);
  },
});
