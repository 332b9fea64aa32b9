/**
 * An in-page script (a file whose text is an expression yielding a function, see
 * browser/in-page-script.ts) as a function Playwright can call with an argument in one round
 * trip: Playwright sends a function's source text, so this one's text is the script's.
 */
export function pageFunction<A, R>(source: string): (arg: A) => R {
  const expression = source.trim().replace(/;$/, "");
  const fn = (() => {
    throw new Error("runs only inside the page");
  }) as unknown as (arg: A) => R;
  fn.toString = () => expression;
  return fn;
}
