// Writes a TypeScript type out structurally ({ id: string; status: "pending" | ... }) so that the
// published declarations need neither @errand/contract nor zod. A type alias declared outside the
// SDK and TypeScript's libraries that takes no type arguments (Run, Step, zod's recursive JSONType)
// is written as its name and defined once in the generated module (see `named`).
import ts from "typescript";

const INDENT = "    ";
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * @param {ts.TypeChecker} checker
 * @param {(declaration: ts.Declaration) => "sdk" | "lib" | "external"} originOf where a declaration lives
 */
export function createTypePrinter(checker, originOf) {
  const p = {
    checker,
    originOf,
    /** @type {Map<ts.Symbol, string>} named types and their names in the generated module */
    named: new Map(),
    taken: new Set(),
    /** @type {Set<ts.Type>} the anonymous types being written (a cycle without a name cannot be written) */
    writing: new Set(),
  };
  return {
    print: (type, indent, self) => print(p, type, indent, self),
    /** Names an external type for the generated module (the names the SDK imports come first). */
    name: (symbol, preferred) => nameOf(p, symbol, preferred),
    /** The named types so far, with their names: the generated module defines each. */
    named: () => [...p.named],
  };
}

// Each part below takes the printer's state `p` (the checker, where declarations live, the names given so far).

/** Gives an external alias (or interface) its name in the generated module; the first name asked for wins. */
function nameOf(p, symbol, preferred = symbol.name) {
  const existing = p.named.get(symbol);
  if (existing) return existing;
  let name = preferred;
  for (let n = 2; p.taken.has(name); n++) name = `${preferred}_${n}`;
  p.named.set(symbol, name);
  p.taken.add(name);
  return name;
}

const isExternal = (p, symbol) => (symbol?.declarations ?? []).some((d) => p.originOf(d) === "external");

/** The type as text; `self` is the alias being defined (written structurally, not as its own name). */
function print(p, type, indent = "", self = undefined) {
  const alias = type.aliasSymbol;
  if (alias && alias !== self && !type.aliasTypeArguments?.length && isExternal(p, alias)) return nameOf(p, alias);
  const f = type.flags;
  if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never | ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Null))
    return p.checker.typeToString(type);
  if (
    f &
    (ts.TypeFlags.String |
      ts.TypeFlags.Number |
      ts.TypeFlags.Boolean |
      ts.TypeFlags.BigInt |
      ts.TypeFlags.ESSymbol |
      ts.TypeFlags.NonPrimitive)
  )
    return p.checker.typeToString(type);
  if (f & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BigIntLiteral | ts.TypeFlags.BooleanLiteral))
    return p.checker.typeToString(type);
  if (f & (ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return p.checker.typeToString(type);
  if (f & ts.TypeFlags.Union) return printUnion(p, type, indent);
  if (f & ts.TypeFlags.Intersection) return type.types.map((t) => wrap(p, t, print(p, t, indent))).join(" & ");
  if (f & ts.TypeFlags.Object) return printObject(p, type, indent, self);
  throw new Error(
    `Cannot write the type ${p.checker.typeToString(type)} structurally (a type parameter or an unresolved conditional type?)`,
  );
}

function printUnion(p, type, indent) {
  const members = type.types;
  const hasTrue = members.some((t) => t.flags & ts.TypeFlags.BooleanLiteral && p.checker.typeToString(t) === "true");
  const hasFalse = members.some((t) => t.flags & ts.TypeFlags.BooleanLiteral && p.checker.typeToString(t) === "false");
  const parts = [];
  for (const member of members) {
    // TypeScript holds `boolean` as `true | false`.
    if (hasTrue && hasFalse && member.flags & ts.TypeFlags.BooleanLiteral) {
      if (!parts.includes("boolean")) parts.push("boolean");
      continue;
    }
    parts.push(
      member.flags & ts.TypeFlags.Object && isFunctionLike(p, member) ? `(${print(p, member, indent)})` : print(p, member, indent),
    );
  }
  // Readers expect `T | null` rather than `null | T`.
  const last = (part) => (part === "null" || part === "undefined" ? 1 : 0);
  return parts.sort((a, b) => last(a) - last(b)).join(" | ");
}

function printObject(p, type, indent, self) {
  if (p.checker.isArrayType(type)) {
    const [element] = p.checker.getTypeArguments(type);
    const readonly = type.target?.symbol?.name === "ReadonlyArray" ? "readonly " : "";
    return `${readonly}${wrap(p, element, print(p, element, indent))}[]`;
  }
  if (p.checker.isTupleType(type)) return printTuple(p, type, indent);
  // Date, Uint8Array, Promise<...>: the consumer's libraries have them.
  const symbol = type.symbol;
  const declaredType = symbol && symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) && symbol.declarations?.length;
  if (declaredType && symbol.declarations.every((d) => p.originOf(d) === "lib")) {
    const args = type.objectFlags & ts.ObjectFlags.Reference ? p.checker.getTypeArguments(type) : [];
    return args.length ? `${symbol.name}<${args.map((a) => print(p, a, indent)).join(", ")}>` : symbol.name;
  }
  // An interface from outside the SDK (never generic here: it would have type arguments): by its name.
  if (
    declaredType &&
    symbol !== self &&
    isExternal(p, symbol) &&
    !(type.objectFlags & ts.ObjectFlags.Reference && p.checker.getTypeArguments(type).length)
  )
    return nameOf(p, symbol);
  if (p.writing.has(type))
    throw new Error(`Cannot write the recursive type ${p.checker.typeToString(type)}: give it a name with a type alias`);
  p.writing.add(type);
  try {
    return printMembers(p, type, indent);
  } finally {
    p.writing.delete(type);
  }
}

function printMembers(p, type, indent) {
  if (isFunctionLike(p, type) && p.checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 1) {
    return printSignature(p, p.checker.getSignaturesOfType(type, ts.SignatureKind.Call)[0], indent, " =>");
  }
  const inner = indent + INDENT;
  const lines = [];
  for (const signature of p.checker.getSignaturesOfType(type, ts.SignatureKind.Call))
    lines.push(`${inner}${printSignature(p, signature, inner)};`);
  for (const info of p.checker.getIndexInfosOfType(type)) {
    lines.push(`${inner}${info.isReadonly ? "readonly " : ""}[key: ${print(p, info.keyType, inner)}]: ${print(p, info.type, inner)};`);
  }
  for (const property of p.checker.getPropertiesOfType(type)) {
    const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
    const key = IDENTIFIER.test(property.name) ? property.name : JSON.stringify(property.name);
    const doc = ts.displayPartsToString(property.getDocumentationComment(p.checker));
    if (doc) lines.push(...docComment(doc, inner));
    lines.push(
      `${inner}${isReadonly(p, property) ? "readonly " : ""}${key}${optional}: ${print(p, p.checker.getTypeOfSymbol(property), inner)};`,
    );
  }
  return lines.length ? `{\n${lines.join("\n")}\n${indent}}` : "{}";
}

function printSignature(p, signature, indent, arrow = ":") {
  if (signature.typeParameters?.length)
    throw new Error(`Cannot write the generic signature ${p.checker.signatureToString(signature)} structurally`);
  const params = signature.parameters.map((param) => {
    const declaration = param.valueDeclaration;
    const rest = declaration && ts.isParameter(declaration) && declaration.dotDotDotToken ? "..." : "";
    const optional = declaration && ts.isParameter(declaration) && (declaration.questionToken || declaration.initializer) ? "?" : "";
    return `${rest}${param.name}${optional}: ${print(p, p.checker.getTypeOfSymbol(param), indent)}`;
  });
  return `(${params.join(", ")})${arrow} ${print(p, p.checker.getReturnTypeOfSignature(signature), indent)}`;
}

function printTuple(p, type, indent) {
  const flags = type.target.elementFlags;
  const elements = p.checker.getTypeArguments(type).map((element, i) => {
    const text = print(p, element, indent);
    if (flags[i] & ts.ElementFlags.Rest) return `...${wrap(p, element, text)}[]`;
    if (flags[i] & ts.ElementFlags.Optional) return `${wrap(p, element, text)}?`;
    return text;
  });
  return `${type.target.readonly ? "readonly " : ""}[${elements.join(", ")}]`;
}

/** Parentheses around a union, an intersection or a function type inside a larger type. */
function wrap(p, type, text) {
  if (/^[A-Za-z_$][\w$]*$/.test(text)) return text;
  const compound =
    type.flags & (ts.TypeFlags.Union | ts.TypeFlags.Intersection) || (type.flags & ts.TypeFlags.Object && isFunctionLike(p, type));
  return compound && !(type.flags & ts.TypeFlags.Boolean) ? `(${text})` : text;
}

const isFunctionLike = (p, type) =>
  p.checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0 && p.checker.getPropertiesOfType(type).length === 0;

function isReadonly(p, property) {
  return (property.declarations ?? []).some((d) => (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly) !== 0);
}

/** A JSDoc block at this indent. */
export function docComment(text, indent = "") {
  const lines = text.split("\n");
  return lines.length === 1
    ? [`${indent}/** ${text} */`]
    : [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`.trimEnd()), `${indent} */`];
}
