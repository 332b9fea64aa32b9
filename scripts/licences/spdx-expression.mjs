// SPDX licence expressions as npm packages declare them: "MIT", "(MIT OR Apache-2.0)",
// "MIT AND BSD-3-Clause", "GPL-2.0-or-later WITH Classpath-exception-2.0", "GPL-2.0+".
// WITH binds tightest, then AND, then OR. Node built-ins only.

/** The expression as a tree, or undefined when it is not one (a sentence, "SEE LICENSE IN …"). */
export function parseExpression(text) {
  const tokens = text.trim().match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const isOperator = (token, name) => token?.toUpperCase() === name;

  const licence = () => {
    const token = tokens[at++];
    if (token === "(") {
      const inner = or();
      if (tokens[at++] !== ")") throw new SyntaxError("unclosed parenthesis");
      return inner;
    }
    if (!token || !/^[A-Za-z0-9.-]+\+?$/.test(token) || ["AND", "OR", "WITH"].includes(token.toUpperCase()))
      throw new SyntaxError(`not a licence: ${token}`);
    const node = { id: token.replace(/\+$/, "") };
    if (isOperator(peek(), "WITH")) {
      at++;
      node.exception = tokens[at++];
    }
    return node;
  };
  // A run of operands joined by one operator, e.g. "A AND B AND C": { and: [A, B, C] }.
  const joined = (operand, operator) => () => {
    const parts = [operand()];
    while (isOperator(peek(), operator)) {
      at++;
      parts.push(operand());
    }
    return parts.length === 1 ? parts[0] : { [operator.toLowerCase()]: parts };
  };
  const and = joined(licence, "AND");
  const or = joined(and, "OR");

  try {
    const tree = or();
    return at === tokens.length ? tree : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the expression allows use: one side of an OR suffices, every part of an AND must. */
export function satisfies(tree, isAllowed) {
  if (tree.or) return tree.or.some((part) => satisfies(part, isAllowed));
  if (tree.and) return tree.and.every((part) => satisfies(part, isAllowed));
  // An exception (WITH) only adds permissions to the licence it qualifies.
  return isAllowed(tree.id);
}
