/** A value of a Stripe-style form body: strings, nested objects and arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

type Container = FormObject | FormValue[];

// Keys that would reach Object.prototype when used as plain-object keys.
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
// Stripe caps arrays far below this; the cap keeps a hostile `a[99999999]` from allocating.
const MAX_INDEX = 10_000;

/**
 * Parses an application/x-www-form-urlencoded body (or query string) the way Stripe's API reads it:
 * `line_items[0][price_data][currency]=usd` becomes `{ line_items: [{ price_data: { currency: "usd" } }] }`,
 * `expand[]=a&expand[]=b` becomes `{ expand: ["a", "b"] }`. Brackets may be percent-encoded or not.
 */
export function parseForm(raw: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = splitKey(key);
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    assign(root, path, value);
  }
  return root;
}

/** "a[b][0][]" → ["a", "b", "0", ""]; a key that is not bracket-shaped is taken whole. */
function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const nested = [...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "");
  return [match[1] ?? key, ...nested];
}

const isIndex = (segment: string) => /^\d*$/.test(segment);

function assign(root: FormObject, path: string[], value: string): void {
  let node: Container = root;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] ?? "";
    const last = i === path.length - 1;
    const next = path[i + 1] ?? "";
    if (Array.isArray(node)) {
      const index = segment === "" ? node.length : Number(segment);
      if (!isIndex(segment) || index > MAX_INDEX) return;
      if (last) {
        node[index] = value;
        return;
      }
      node = descend(node, index, isIndex(next));
    } else {
      if (last) {
        node[segment] = value;
        return;
      }
      node = descend(node, segment, isIndex(next));
    }
  }
}

/** Returns the container at `parent[key]`, replacing a missing or scalar value with a fresh one. */
function descend(parent: Container, key: string | number, wantArray: boolean): Container {
  const slot = parent as Record<string | number, FormValue | undefined>;
  const existing = slot[key];
  if (existing !== undefined && typeof existing !== "string") return existing;
  const fresh: Container = wantArray ? [] : {};
  slot[key] = fresh;
  return fresh;
}

/** `expand` as a list, whether it came as `expand[]=`, `expand[0]=` or a single `expand=`. */
export function expandList(params: FormObject): string[] {
  const expand = params.expand;
  if (typeof expand === "string") return [expand];
  if (Array.isArray(expand)) return expand.filter((e): e is string => typeof e === "string");
  return [];
}
