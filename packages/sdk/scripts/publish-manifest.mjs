// Which files package.json's "exports" and "types" name: in the workspace, the TypeScript sources
// (tsx, vitest and tsc use them with no build); in the published package, dist/.
//
// npm publishes package.json as it is on disk when it packs: its "publishConfig" overrides npm
// settings only (registry, tag, access), not fields such as "exports" (pnpm and yarn have such
// overrides; npm warns about unknown publishConfig keys). So the pack lifecycle switches them:
//   prepack      build, then `publish`
//   postpack     `after-pack`: back to the workspace's, except inside `npm publish`, which reads
//                package.json again after packing to send it to the registry
//   postpublish  `workspace`
// A publish that fails after packing (no network, a refused login) leaves the publish form in
// place: `node scripts/publish-manifest.mjs workspace` puts it back (git diff shows it).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const FORMS = {
  workspace: { exports: { ".": "./src/index.ts" }, types: "./src/index.ts" },
  publish: { exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } }, types: "./dist/index.d.ts" },
};

/** Sets package.json's exports and types to one form, keeping every other byte (and the keys' order). */
export async function setManifestForm(packageDir, form) {
  const file = path.join(packageDir, "package.json");
  const text = await readFile(file, "utf8");
  const manifest = JSON.parse(text);
  const known = Object.values(FORMS).some((f) => same(manifest.exports, f.exports) && manifest.types === f.types);
  // Someone changed the exports: switching would lose it.
  if (!known) throw new Error(`${file}: "exports"/"types" are neither form in scripts/publish-manifest.mjs; update FORMS there`);
  Object.assign(manifest, FORMS[form]);
  const next = `${JSON.stringify(manifest, null, 2)}\n`;
  if (next !== text) await writeFile(file, next);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

if (import.meta.url === `file://${process.argv[1]}`) {
  const packageDir = path.resolve(import.meta.dirname, "..");
  const step = process.argv[2];
  if (step === "after-pack") {
    if (process.env.npm_command !== "publish") await setManifestForm(packageDir, "workspace");
  } else if (step === "publish" || step === "workspace") {
    await setManifestForm(packageDir, step);
  } else {
    console.error("Usage: node scripts/publish-manifest.mjs publish|workspace|after-pack");
    process.exitCode = 2;
  }
}
