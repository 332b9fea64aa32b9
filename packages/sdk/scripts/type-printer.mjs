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
  /** @type {Map<ts.Symbol, string>} named types and their names in the generated module */
  const named = new Map();
  const taken = new Set();
  /** @type {Set<ts.Type>} the anonymous types being written (a cycle without a name cannot be written) */
  const writing = new Set();

  /** Gives an external alias (or interface) its name in the generated module; the first name asked for wins. */
  function nameOf(symbol, preferred = symbol.name) {
    const existing = named.get(symbol);
    if (existing) return existing;
    let name = preferred;
    for (let n = 2; taken.has(name); n++) name = `${preferred}_${n}`;
    named.set(symbol, name);
    taken.add(name);
    return name;
  }

  const isExternal = (symbol) => (symbol?.declarations ?? []).some((d) => originOf(d) === "external");

  /** The type as text; `self` is the alias being defined (written structurally, not as its own name). */
  function print(type, indent = "", self = undefined) {
    const alias = type.aliasSymbol;
    if (alias && alias !== self && !type.aliasTypeArguments?.length && isExternal(alias)) return nameOf(alias);
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never | ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Null)) return checker.typeToString(type);
    if (f & (ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.Boolean | ts.TypeFlags.BigInt | ts.TypeFlags.ESSymbol | ts.TypeFlags.NonPrimitive)) return checker.typeToString(type);
    if (f & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BigIntLiteral | ts.TypeFlags.BooleanLiteral)) return checker.typeToString(type);
    if (f & (ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return checker.typeToString(type);
    if (f & ts.TypeFlags.Union) return printUnion(type, indent);
    if (f & ts.TypeFlags.Intersection) return type.types.map((t) => wrap(t, print(t, indent))).join(" & ");
    if (f & ts.TypeFlags.Object) return printObject(type, indent, self);
    throw new Error(`Cannot write the type ${checker.typeToString(type)} structurally (a type parameter or an unresolved conditional type?)`);
  }

  function printUnion(type, indent) {
    const members = type.types;
    const hasTrue = members.some((t) => t.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(t) === "true");
    const hasFalse = members.some((t) => t.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(t) === "false");
    const parts = [];
    for (const member of members) {
      // TypeScript holds `boolean` as `true | false`.
      if (hasTrue && hasFalse && member.flags & ts.TypeFlags.BooleanLiteral) {
        if (!parts.includes("boolean")) parts.push("boolean");
        continue;
      }
      parts.push(member.flags & ts.TypeFlags.Object && isFunctionLike(member) ? `(${print(member, indent)})` : print(member, indent));
    }
    // Readers expect `T | null` rather than `null | T`.
    const last = (p) => (p === "null" || p === "undefined" ? 1 : 0);
    return parts.sort((a, b) => last(a) - last(b)).join(" | ");
  }

  function printObject(type, indent, self) {
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type);
      const readonly = type.target?.symbol?.name === "ReadonlyArray" ? "readonly " : "";
      return `${readonly}${wrap(element, print(element, indent))}[]`;
    }
    if (checker.isTupleType(type)) return printTuple(type, indent);
    // Date, Uint8Array, Promise<...>: the consumer's libraries have them.
    const symbol = type.symbol;
    const declaredType = symbol && symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) && symbol.declarations?.length;
    if (declaredType && symbol.declarations.every((d) => originOf(d) === "lib")) {
      const args = type.objectFlags & ts.ObjectFlags.Reference ? checker.getTypeArguments(type) : [];
      return args.length ? `${symbol.name}<${args.map((a) => print(a, indent)).join(", ")}>` : symbol.name;
    }
    // An interface from outside the SDK (never generic here: it would have type arguments): by its name.
    if (declaredType && symbol !== self && isExternal(symbol) && !(type.objectFlags & ts.ObjectFlags.Reference && checker.getTypeArguments(type).length)) return nameOf(symbol);
    if (writing.has(type)) throw new Error(`Cannot write the recursive type ${checker.typeToString(type)}: give it a name with a type alias`);
    writing.add(type);
    try {
      return printMembers(type, indent);
    } finally {
      writing.delete(type);
    }
  }

  function printMembers(type, indent) {
    if (isFunctionLike(type) && checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 1) {
      return printSignature(checker.getSignaturesOfType(type, ts.SignatureKind.Call)[0], indent, " =>");
    }
    const inner = indent + INDENT;
    const lines = [];
    for (const signature of checker.getSignaturesOfType(type, ts.SignatureKind.Call)) lines.push(`${inner}${printSignature(signature, inner)};`);
    for (const info of checker.getIndexInfosOfType(type)) {
      lines.push(`${inner}${info.isReadonly ? "readonly " : ""}[key: ${print(info.keyType, inner)}]: ${print(info.type, inner)};`);
    }
    for (const property of checker.getPropertiesOfType(type)) {
      const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
      const key = IDENTIFIER.test(property.name) ? property.name : JSON.stringify(property.name);
      const doc = ts.displayPartsToString(property.getDocumentationComment(checker));
      if (doc) lines.push(...docComment(doc, inner));
      lines.push(`${inner}${isReadonly(property) ? "readonly " : ""}${key}${optional}: ${print(checker.getTypeOfSymbol(property), inner)};`);
    }
    return lines.length ? `{\n${lines.join("\n")}\n${indent}}` : "{}";
  }

  function printSignature(signature, indent, arrow = ":") {
    if (signature.typeParameters?.length) throw new Error(`Cannot write the generic signature ${checker.signatureToString(signature)} structurally`);
    const params = signature.parameters.map((p) => {
      const declaration = p.valueDeclaration;
      const rest = declaration && ts.isParameter(declaration) && declaration.dotDotDotToken ? "..." : "";
      const optional = declaration && ts.isParameter(declaration) && (declaration.questionToken || declaration.initializer) ? "?" : "";
      return `${rest}${p.name}${optional}: ${print(checker.getTypeOfSymbol(p), indent)}`;
    });
    return `(${params.join(", ")})${arrow} ${print(checker.getReturnTypeOfSignature(signature), indent)}`;
  }

  function printTuple(type, indent) {
    const flags = type.target.elementFlags;
    const elements = checker.getTypeArguments(type).map((element, i) => {
      const text = print(element, indent);
      if (flags[i] & ts.ElementFlags.Rest) return `...${wrap(element, text)}[]`;
      if (flags[i] & ts.ElementFlags.Optional) return `${wrap(element, text)}?`;
      return text;
    });
    return `${type.target.readonly ? "readonly " : ""}[${elements.join(", ")}]`;
  }

  /** Parentheses around a union, an intersection or a function type inside a larger type. */
  function wrap(type, text) {
    if (/^[A-Za-z_$][\w$]*$/.test(text)) return text;
    const compound = type.flags & (ts.TypeFlags.Union | ts.TypeFlags.Intersection) || (type.flags & ts.TypeFlags.Object && isFunctionLike(type));
    return compound && !(type.flags & ts.TypeFlags.Boolean) ? `(${text})` : text;
  }

  const isFunctionLike = (type) => checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0 && checker.getPropertiesOfType(type).length === 0;

  function isReadonly(property) {
    return (property.declarations ?? []).some((d) => (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly) !== 0);
  }

  return {
    print,
    /** Names an external type for the generated module (the names the SDK imports come first). */
    name: nameOf,
    /** The named types so far, with their names: the generated module defines each. */
    named: () => [...named],
  };
}

/** A JSDoc block at this indent. */
export function docComment(text, indent = "") {
  const lines = text.split("\n");
  return lines.length === 1 ? [`${indent}/** ${text} */`] : [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`.trimEnd()), `${indent} */`];
}
