import type { Plugin } from "vite";

const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;
const PURE = "/* @__PURE__ */ ";

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

/**
 * The contract's modules build their zod schemas when they load, and a page that takes only a
 * constant or a label from one of them built every schema in it (and loaded zod). Each value the
 * contract declares at top level is only its value, so every call that makes one is marked pure
 * for the bundler: a schema nothing on the page uses is left out, and zod with it when none is
 * used (docs/adr/0052-a-cheaper-signed-in-page-load.md). The contract has no other top-level
 * statements; the build fails if one appears, rather than dropping what it does.
 */
export function pureContractValues(): Plugin {
  return {
    name: "errand-pure-contract-values",
    apply: "build",
    enforce: "post",
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id)) return null;
      const starts = new Set<number>();
      for (const statement of (this.parse(code) as unknown as { body: Node[] }).body) {
        // `export const x = ...` is its declaration; `export { x } from "..."` declares nothing.
        const declaration = statement.type === "ExportNamedDeclaration" ? ((statement.declaration as Node | null) ?? statement) : statement;
        if (declaration.type === "VariableDeclaration")
          for (const declarator of declaration.declarations as Node[]) collectCalls(declarator.init, starts);
        else if (!QUIET_STATEMENTS.has(declaration.type))
          this.error(`${id}: a top-level ${declaration.type} the build cannot mark pure (build/pure-contract-plugin.ts)`);
      }
      let out = code;
      for (const start of [...starts].sort((a, b) => b - a)) out = out.slice(0, start) + PURE + out.slice(start);
      return { code: out, map: null };
    },
  };
}

/** Statements that run nothing when the module loads. */
const QUIET_STATEMENTS = new Set([
  "ImportDeclaration",
  "ExportAllDeclaration",
  "ExportNamedDeclaration",
  "FunctionDeclaration",
  "ClassDeclaration",
  "EmptyStatement",
]);

/** The start of every call and `new` in a value, except inside functions (which do not run when it is made). */
function collectCalls(node: unknown, starts: Set<number>) {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) collectCalls(item, starts);
    return;
  }
  const { type } = node as Node;
  if (typeof type !== "string" || type === "ArrowFunctionExpression" || type === "FunctionExpression") return;
  if (type === "CallExpression" || type === "NewExpression") starts.add((node as Node).start);
  for (const value of Object.values(node)) if (value && typeof value === "object") collectCalls(value, starts);
}
