// The SDK's .d.ts files for publishing. The sources take their API types from @errand/contract,
// a private workspace package whose types are zod inferences; a consumer installs only
// @errand/sdk. So: (1) the TypeScript compiler emits the declarations; (2) every type they take
// from outside the SDK is written out structurally: a plain named type (Run, Step) becomes an
// alias in api-types.d.ts, imported from there, and anything else (a generic instantiation such as
// ApiResult<"getScreenshot">, a typeof) is written out in place; (3) the result is type-checked
// alone, with no node_modules reachable, so a reference left behind fails the build.
import path from "node:path";
import ts from "typescript";
import { createTypePrinter, docComment } from "./type-printer.mjs";

const CONTRACT = "@errand/contract";
/** Imports that may be written out; anything else non-relative fails the build (the SDK has no dependencies). */
const INLINED_MODULES = new Set([CONTRACT, `${CONTRACT}/routes`, "zod"]);
export const API_TYPES_FILE = "api-types.d.ts";
/** Where the compiler's first output lives (in memory only): under the SDK, so @errand/contract resolves. */
const STAGE = ".declarations";
/** Where the result is checked (in memory): a folder with no node_modules above it. */
const CHECK_ROOT = path.resolve("/errand-sdk-declarations-check");

/**
 * Compiler options: the repository's (its tsconfig.base.json, the nearest above the package: a
 * copy of the package inside the checkout builds too), for the runtimes the SDK supports (no Node
 * types: DOM's fetch and streams).
 */
function baseOptions(sdkRoot) {
  const configFile = ts.findConfigFile(sdkRoot, ts.sys.fileExists, "tsconfig.base.json");
  if (!configFile) throw new Error(`No tsconfig.base.json above ${sdkRoot}`);
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile));
  return { ...options, lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"], types: [], noEmit: true };
}

/** The declarations, by path relative to dist/ ("index.d.ts", "resources/runs.d.ts", "api-types.d.ts"). */
export function buildDeclarations(sdkRoot) {
  const options = baseOptions(sdkRoot);
  const stage = path.join(sdkRoot, STAGE);
  const emitted = emitDeclarations(path.join(sdkRoot, "src/index.ts"), path.join(sdkRoot, "src"), stage, options);
  const rewritten = inlineExternalTypes(emitted, stage, options);
  checkAlone(rewritten, options);
  return rewritten;
}

function emitDeclarations(entry, rootDir, outDir, options) {
  // stripInternal: helpers marked @internal (callOperation, generic over the operation) are not API.
  const program = ts.createProgram([entry], {
    ...options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    stripInternal: true,
    outDir,
    rootDir,
  });
  fail("The SDK does not type-check", ts.getPreEmitDiagnostics(program));
  /** @type {Map<string, string>} */
  const files = new Map();
  const result = program.emit(
    undefined,
    (fileName, text) => files.set(path.relative(outDir, fileName), withJsSpecifiers(text)),
    undefined,
    true,
  );
  fail("Emitting the declarations failed", result.diagnostics);
  return files;
}

/** The sources import "./errand.ts"; a published declaration imports "./errand.js". */
const withJsSpecifiers = (text) => text.replace(/((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+)\.ts\2/g, "$1$2$3.js$2");

function inlineExternalTypes(files, stage, options) {
  const program = ts.createProgram(
    [...files.keys()].map((f) => path.join(stage, f)),
    options,
    hostWith(options, stage, files),
  );
  const checker = program.getTypeChecker();
  const ours = (file) => file.fileName.startsWith(stage + path.sep);
  const originOf = (declaration) => {
    const file = declaration.getSourceFile();
    if (ours(file)) return "sdk";
    return program.isSourceFileDefaultLibrary(file) ? "lib" : "external";
  };
  const printer = createTypePrinter(checker, originOf);
  const resolve = (symbol) => (symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const isExternal = (symbol) => (symbol?.declarations ?? []).some((d) => originOf(d) === "external");
  const sources = program.getSourceFiles().filter(ours);
  const referencedSymbol = referencedSymbolOf(checker);

  // The names the SDK imports from the contract first, so they keep their names in api-types.d.ts.
  for (const source of sources) {
    for (const { element } of contractSpecifiers(source)) {
      const target = resolve(checker.getSymbolAtLocation(element.name));
      if (isPlainNamedType(target)) printer.name(target, (element.propertyName ?? element.name).text);
    }
  }

  const output = new Map();
  for (const source of sources) {
    const edits = [];
    const text = source.text;
    const apiTypes = relativeSpecifier(path.dirname(source.fileName), path.join(stage, API_TYPES_FILE.replace(/\.d\.ts$/, ".js")));

    /**
     * "by name": a plain named type from the contract (its import is rewritten); "write out": a
     * type from outside the SDK that has no name of its own (Foo<X>, typeof x, import("zod")...,
     * and Foo<X>["key"] whole); undefined: look inside.
     */
    const externalReference = (node) => {
      if (isPackageImportType(node)) return "write out";
      if (ts.isIndexedAccessTypeNode(node)) {
        let object = node.objectType;
        while (ts.isParenthesizedTypeNode(object)) object = object.type;
        return externalReference(object) === "write out" ? "write out" : undefined;
      }
      const target = resolve(referencedSymbol(node));
      if (!target || !isExternal(target)) return undefined;
      return node.typeArguments?.length || !isPlainNamedType(target) || ts.isTypeQueryNode(node) ? "write out" : "by name";
    };

    const visit = (node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const specifier = node.moduleSpecifier.text;
        if (specifier.startsWith(".")) return;
        if (!INLINED_MODULES.has(specifier))
          throw new Error(`${source.fileName}: the SDK's declarations import "${specifier}"; the published SDK has no dependencies`);
        const replacement = rewriteImport(node, specifier, apiTypes);
        edits.push({ start: node.getStart(source), end: replacement ? node.end : lineEnd(text, node.end), text: replacement });
        return;
      }
      const verdict = externalReference(node);
      if (verdict === "write out") {
        if (ts.isExpressionWithTypeArguments(node))
          throw new Error(`${source.fileName}: cannot write out ${node.getText(source)} in a heritage clause`);
        const type = checker.getTypeFromTypeNode(node);
        edits.push({ start: node.getStart(source), end: node.end, text: printer.print(type, indentAt(text, node.getStart(source))) });
        return;
      }
      if (verdict === "by name") return;
      ts.forEachChild(node, visit);
    };

    const rewriteImport = (node, specifier, apiTypes) => {
      if (specifier !== CONTRACT) return "";
      const elements = ts.isImportDeclaration(node) ? node.importClause?.namedBindings?.elements : node.exportClause?.elements;
      if (!elements) throw new Error(`${source.fileName}: only named imports of ${CONTRACT} can be written out`);
      const kept = [];
      for (const element of elements) {
        const target = resolve(checker.getSymbolAtLocation(element.name));
        const exported = (element.propertyName ?? element.name).text;
        if (isPlainNamedType(target)) kept.push(exported === element.name.text ? exported : `${exported} as ${element.name.text}`);
        else if (ts.isExportDeclaration(node))
          throw new Error(`${source.fileName}: re-exports ${exported} from ${CONTRACT}, which is not a plain type`);
      }
      if (!kept.length) return "";
      return `${ts.isImportDeclaration(node) ? "import" : "export"} type { ${kept.join(", ")} } from "${apiTypes}";`;
    };

    visit(source);
    output.set(path.relative(stage, source.fileName), applyEdits(text, edits));
  }

  output.set(API_TYPES_FILE, apiTypesModule(printer, checker));
  return output;
}

/** The module defining every named type the declarations use, each written out. */
function apiTypesModule(printer, checker) {
  const lines = ["// The types of Errand's API that the SDK uses, written out from Errand's contract by scripts/build.mjs.", ""];
  const written = new Set();
  for (let pending = printer.named(); pending.length; pending = printer.named().filter(([symbol]) => !written.has(symbol))) {
    for (const [symbol, name] of pending) {
      if (written.has(symbol)) continue;
      written.add(symbol);
      const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker));
      if (doc) lines.push(...docComment(doc));
      lines.push(`export type ${name} = ${printer.print(checker.getDeclaredTypeOfSymbol(symbol), "", symbol)};`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Type-checks the declarations with nothing else reachable: a leftover import of the contract or zod fails. */
function checkAlone(files, options) {
  const host = hostWith(options, CHECK_ROOT, files);
  const program = ts.createProgram(
    [...files.keys()].map((f) => path.join(CHECK_ROOT, f)),
    { ...options, skipLibCheck: false, skipDefaultLibCheck: true, typeRoots: [] },
    host,
  );
  fail("The published declarations are not self-contained", ts.getPreEmitDiagnostics(program));
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(CHECK_ROOT)) continue;
    for (const statement of source.statements) {
      const specifier = statement.moduleSpecifier;
      if (specifier && ts.isStringLiteral(specifier) && !specifier.text.startsWith("."))
        throw new Error(`${source.fileName} still imports ${specifier.text}`);
    }
  }
}

/** The imports of @errand/contract in a file, with each named element. */
function* contractSpecifiers(source) {
  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== CONTRACT)
      continue;
    const elements = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings?.elements : statement.exportClause?.elements;
    for (const element of elements ?? []) yield { statement, element };
  }
}

/** The symbol a type reference names, or undefined for any other node. */
function referencedSymbolOf(checker) {
  return (node) => {
    if (ts.isTypeReferenceNode(node))
      return checker.getSymbolAtLocation(ts.isQualifiedName(node.typeName) ? node.typeName.right : node.typeName);
    if (ts.isExpressionWithTypeArguments(node)) return checker.getSymbolAtLocation(node.expression);
    if (ts.isTypeQueryNode(node))
      return checker.getSymbolAtLocation(ts.isQualifiedName(node.exprName) ? node.exprName.right : node.exprName);
    return undefined;
  };
}

/** import("zod").ZodType and the like (the compiler writes these for inferred types). */
function isPackageImportType(node) {
  if (!ts.isImportTypeNode(node)) return false;
  const argument = node.argument;
  return !(ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal) && argument.literal.text.startsWith("."));
}

/** A type alias or interface with no type parameters: it can be written out once, under its name. */
function isPlainNamedType(symbol) {
  if (!symbol || !(symbol.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface))) return false;
  return (symbol.declarations ?? []).every((d) => !d.typeParameters?.length);
}

function hostWith(options, root, files) {
  const host = ts.createCompilerHost(options);
  const inMemory = (fileName) => (fileName.startsWith(root + path.sep) ? files.get(path.relative(root, fileName)) : undefined);
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  host.fileExists = (f) => inMemory(f) !== undefined || (!f.startsWith(root + path.sep) && fileExists.call(host, f));
  host.readFile = (f) => inMemory(f) ?? (f.startsWith(root + path.sep) ? undefined : readFile.call(host, f));
  host.directoryExists = (d) => d === root || d.startsWith(root + path.sep) || directoryExists.call(host, d);
  host.getSourceFile = (f, languageVersion, onError, shouldCreate) => {
    const text = inMemory(f);
    return text !== undefined
      ? ts.createSourceFile(f, text, languageVersion, true)
      : getSourceFile.call(host, f, languageVersion, onError, shouldCreate);
  };
  return host;
}

function applyEdits(text, edits) {
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out.replace(/^\n+/, "");
}

/** A removed statement takes its line break with it. */
const lineEnd = (text, end) => (text[end] === "\n" ? end + 1 : end);

function indentAt(text, position) {
  const start = text.lastIndexOf("\n", position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))[0];
}

function relativeSpecifier(fromDir, toFile) {
  const relative = path.relative(fromDir, toFile).split(path.sep).join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

function fail(what, diagnostics) {
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (!errors.length) return;
  const formatted = ts.formatDiagnostics(errors, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => "\n",
  });
  throw new Error(`${what}:\n${formatted}`);
}
