// `npm run build -w @errand/sdk`: the package as published, in dist/.
//   dist/index.js (+ .map)  the SDK bundled into one ES module for any runtime (platform neutral,
//                           not minified: applications minify), with a source map
//   dist/*.d.ts             its declarations, self-contained (no @errand/contract, no zod):
//                           see self-contained-declarations.mjs
// `--outdir <dir>` writes elsewhere (the publish test builds into a copy of the package).
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { buildDeclarations } from "./self-contained-declarations.mjs";

const sdkRoot = path.resolve(import.meta.dirname, "..");

export async function buildSdk(outDir = path.join(sdkRoot, "dist")) {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const bundle = await build({
    entryPoints: [path.join(sdkRoot, "src/index.ts")],
    outfile: path.join(outDir, "index.js"),
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
  });
  // Type imports vanish; a runtime import of another package (zod, say) would ship inside the SDK.
  const foreign = Object.keys(bundle.metafile.inputs).filter((input) => input.includes("node_modules/"));
  if (foreign.length) throw new Error(`The SDK bundle would include other packages: ${foreign.join(", ")}`);

  const declarations = buildDeclarations(sdkRoot);
  for (const [file, text] of declarations) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await writeFile(path.join(outDir, file), text);
  }
  return { outDir, declarations: [...declarations.keys()] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { outdir: { type: "string" } } });
  const { outDir, declarations } = await buildSdk(values.outdir && path.resolve(values.outdir));
  console.log(
    `@errand/sdk built in ${path.relative(process.cwd(), outDir) || "."}: index.js, index.js.map and ${declarations.length} declaration files`,
  );
}
