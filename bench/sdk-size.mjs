// The size of @errand/sdk as an application bundles it: its entry with everything it imports,
// minified ESM for a neutral platform (no Node built-ins), then gzip-compressed. Also checks
// that nothing from node_modules (zod, the contract's schemas) got in: type imports only, and the route table.
// Run: node bench/sdk-size.mjs
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const SDK_BUDGET_KB = 10;

export async function benchSdkSize() {
  const result = await build({
    entryPoints: [path.join(root, "packages/sdk/src/index.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  // The contract's route table (method and path of each operation, no zod) is the one module the SDK takes from outside.
  const foreign = Object.keys(result.metafile.inputs).filter(
    (input) => !input.startsWith("packages/sdk/src/") && input !== "packages/contract/src/api/routes.ts",
  );
  return {
    minifiedKb: +(code.length / 1024).toFixed(1),
    gzipKb: +(gzipSync(code, { level: 9 }).length / 1024).toFixed(1),
    modules: Object.keys(result.metafile.inputs).length,
    foreignModules: foreign,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = await benchSdkSize();
  console.log(
    `@errand/sdk: ${size.minifiedKb} KB minified, ${size.gzipKb} KB gzip (${size.modules} modules; budget ${SDK_BUDGET_KB} KB gzip)`,
  );
  if (size.foreignModules.length) console.log(`Bundled from outside the SDK: ${size.foreignModules.join(", ")}`);
  process.exitCode = size.gzipKb <= SDK_BUDGET_KB && size.foreignModules.length === 0 ? 0 : 1;
}
