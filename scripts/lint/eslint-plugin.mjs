// Errand's own eslint rules ("errand/..."), wired in eslint.config.js. What each enforces and
// why: docs/adr/0017-enforced-boundaries.md.
import { builtinModules } from "node:module";
import path from "node:path";
import { builtinRules } from "eslint/use-at-your-own-risk";
import { boundaryViolation, TEST_FILES, TOOL_FILES } from "./boundaries.mjs";
import { packageNameOf, readRepo, repoRootOf, toPosix, workspaceOf } from "./workspaces.mjs";

/**
 * Calls `visit(specifier, node, typeOnly)` for each import, re-export, `import()`, `import("x")`
 * type and `require("x")` of a file. `typeOnly`: gone at run time (`import type`, `export type`,
 * an import type); `import { type A }` keeps its import under verbatimModuleSyntax, so it is not.
 */
function importVisitors(visit) {
  const fromSource = (node) => {
    const typeOnly = node.importKind === "type" || node.exportKind === "type";
    if (node.source && typeof node.source.value === "string") visit(node.source.value, node.source, typeOnly);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: (node) => {
      if (node.source.type === "Literal" && typeof node.source.value === "string") visit(node.source.value, node.source, false);
    },
    TSImportType: (node) => {
      const literal = node.source ?? node.argument?.literal ?? node.parameter?.literal;
      if (literal && typeof literal.value === "string") visit(literal.value, literal, true);
    },
    TSExternalModuleReference: (node) => {
      if (typeof node.expression.value === "string") visit(node.expression.value, node.expression, false);
    },
    CallExpression: (node) => {
      const [arg] = node.arguments;
      if (node.callee.type === "Identifier" && node.callee.name === "require" && arg?.type === "Literal" && typeof arg.value === "string")
        visit(arg.value, arg, false);
    },
  };
}

/** The file's path from the repository root, and whether it is a test, a testing helper or tool configuration. */
function fileFacts(context) {
  const repo = readRepo(repoRootOf(context.filename, context.cwd));
  const file = toPosix(path.relative(repo.root, context.filename));
  const workspace = workspaceOf(repo, context.filename);
  const isTest = TEST_FILES.some((pattern) => pattern.test(file));
  const isTool = TOOL_FILES.some((pattern) => pattern.test(file));
  return { repo, file, workspace, isTest, isTool };
}

const boundaries = {
  meta: {
    type: "problem",
    docs: {
      description: "Parts import only what docs/architecture.md's Parts table allows, and other packages only by their package name",
    },
    schema: [],
  },
  create(context) {
    const { repo, workspace, isTest } = fileFacts(context);
    return importVisitors((specifier, node) => {
      if (specifier.startsWith(".")) {
        // The root's harness (e2e/, bench/, scripts/) belongs to no package and may read their
        // sources directly; a package reaching into another by path is what this catches.
        if (!workspace) return;
        const target = workspaceOf(repo, path.resolve(path.dirname(context.filename), specifier));
        if (target && target !== workspace) {
          context.report({
            node,
            message: `Import ${target.name} by its package name, not by a relative path into ${target.relDir}: a relative path skips its package.json "exports", its declaration and the boundary check.`,
          });
        }
        return;
      }
      const name = packageNameOf(specifier);
      if (isTest || !workspace || !name || !repo.byName.has(name) || name === workspace.name) return;
      const message = boundaryViolation(workspace.relDir, name);
      if (message) context.report({ node, message });
    });
  },
};

const builtins = new Set(builtinModules.flatMap((name) => [name, name.split("/")[0]]));

const declaredDependencies = {
  meta: {
    type: "problem",
    docs: {
      description:
        "Every package a workspace imports is declared in its package.json (dependencies, or devDependencies for tests and tools)",
    },
    schema: [
      {
        type: "object",
        properties: {
          bundled: { type: "array", items: { type: "string" } },
          ignore: { type: "array", items: { type: "string" } },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { bundled = [], ignore = [] } = context.options[0] ?? {};
    const { repo, workspace, isTest, isTool } = fileFacts(context);
    const manifest = workspace?.manifest ?? repo.rootManifest;
    const where = workspace ? `${workspace.relDir}/package.json` : "the root package.json";
    // A bundled workspace (its build inlines what it imports) may import its devDependencies from any file.
    const devAllowed = isTest || isTool || !workspace || bundled.includes(workspace.relDir);
    const runtime = { ...manifest.peerDependencies, ...manifest.optionalDependencies, ...manifest.dependencies };
    const dev = { ...manifest.devDependencies };
    const tools = repo.rootManifest.devDependencies ?? {};
    return importVisitors((specifier, node, isTypeOnly) => {
      const name = packageNameOf(specifier);
      if (!name || builtins.has(name) || ignore.includes(name) || name === manifest.name) return;
      const typesName = name.startsWith("@") ? `@types/${name.slice(1).replace("/", "__")}` : `@types/${name}`;
      const declaredIn = (deps) => name in deps || (isTypeOnly && typesName in deps);
      if (declaredIn(runtime)) return;
      // A type-only import is gone at run time: a devDependency serves it.
      if ((devAllowed || isTypeOnly) && declaredIn(dev)) return;
      // Tests and tools of a workspace use the repository's tools (vitest, typescript), declared once at the root.
      if (workspace && devAllowed && declaredIn(tools)) return;
      // The root is the private harness over every workspace (e2e/, bench/, scripts/): a third-party
      // package one of them declares is installed for it too; our own packages it declares itself.
      if (
        !workspace &&
        !repo.byName.has(name) &&
        repo.workspaces.some((w) => declaredIn({ ...w.manifest.dependencies, ...w.manifest.devDependencies }))
      )
        return;
      if (declaredIn(dev)) {
        context.report({
          node,
          message: `${name} is only a devDependency of ${where}, but this file ships: move it to "dependencies" (or, if only tests use this file, put it in a testing/ folder).`,
        });
        return;
      }
      const section = devAllowed ? "devDependencies" : "dependencies";
      const version = repo.byName.get(name)?.manifest.version;
      const hint = version ? ` ("${name}": "${version}")` : "";
      context.report({
        node,
        message: `${name} is imported but not declared in ${where}: add it to "${section}"${hint} and run npm install.`,
      });
    });
  },
};

/** Comments cite ADRs or docs sections, which live in the repository, never issue numbers (/work/shared/STYLE.md). */
export const ISSUE_REFERENCE = /\bissues?\s*#?\d+\b/i;

const noIssueNumbers = {
  meta: { type: "suggestion", docs: { description: "Comments cite ADRs or docs, never issue numbers" }, schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const match = ISSUE_REFERENCE.exec(comment.value);
          if (!match) continue;
          context.report({
            loc: comment.loc,
            message: `Comment cites "${match[0]}": cite the ADR (docs/adr/NNNN-...) or docs section that holds the reason, or say the reason plainly.`,
          });
        }
      },
    };
  },
};

const DESCRIBE = /^(describe|suite|context)$/;

/** True for `describe("...", () => {...})`, `describe.each(...)(..., fn)`, `test.describe(...)` and their `.only`/`.skip`/`.serial` forms. */
function isDescribeCallback(fn) {
  const call = fn.parent;
  if (call?.type !== "CallExpression" || !call.arguments.includes(fn)) return false;
  const names = [];
  let callee = call.callee;
  while (callee) {
    if (callee.type === "Identifier") {
      names.push(callee.name);
      break;
    }
    if (callee.type === "MemberExpression") {
      if (callee.property.type === "Identifier") names.push(callee.property.name);
      callee = callee.object;
    } else if (callee.type === "CallExpression") {
      callee = callee.callee;
    } else break;
  }
  return names.some((name) => DESCRIBE.test(name));
}

/**
 * eslint's max-lines-per-function, without describe callbacks (a test file's describe block is
 * a list of tests, not a function that does things). Registered under two ids so that one can
 * warn at 80 lines and the other fail at 150 (a rule id has one severity).
 */
const maxLinesPerFunction = {
  meta: { ...builtinRules.get("max-lines-per-function").meta, docs: { description: "max-lines-per-function, describe callbacks exempt" } },
  create(context) {
    const report = (descriptor) => {
      if (descriptor.node && isDescribeCallback(descriptor.node)) return;
      context.report(descriptor);
    };
    const proxy = Object.create(context, { report: { value: report } });
    return builtinRules.get("max-lines-per-function").create(proxy);
  },
};

export default {
  meta: { name: "errand" },
  rules: {
    boundaries,
    "declared-dependencies": declaredDependencies,
    "no-issue-numbers": noIssueNumbers,
    "max-lines-per-function": maxLinesPerFunction,
    "long-function": maxLinesPerFunction,
  },
};
