/**
 * Typed values that came from the task's own words become parameters: a later prompt that differs
 * only in those words ("search for chair" instead of "lamp") replays with its own values. In
 * addresses a parameter replaces a whole path segment or query value, never part of one (a
 * quantity "2" must not turn /product/2 into a parameter).
 */
export interface Parameters {
  /** The parameter a typed text stands for, added when the prompt contains it; null otherwise. */
  nameOf(text: string): string | null;
  list(): { name: string; value: string }[];
}

export { matchPrompt } from "@errand/contract";

export function createParameters(prompt: string, known: { name: string; value: string }[] = []): Parameters {
  const list = known.filter((p) => prompt.includes(p.value));
  return {
    nameOf(text) {
      if (!text.trim() || !prompt.includes(text)) return null;
      const known = list.find((p) => p.value === text);
      if (known) return known.name;
      let n = list.length + 1;
      while (list.some((p) => p.name === `p${n}`)) n++;
      const name = `p${n}`;
      list.push({ name, value: text });
      return name;
    },
    list: () => [...list],
  };
}

/** A fixed set of parameters (a replay's, or one rebuilt from a stored recording). */
export function fixedParameters(list: { name: string; value: string }[]): Parameters {
  return { nameOf: (text) => list.find((p) => p.value === text)?.name ?? null, list: () => [...list] };
}

/** The address with each whole path segment or query value equal to a parameter written as {name}. */
export function templateUrl(url: string, parameters: Parameters): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const list = parameters.list();
  const nameFor = (value: string) => list.find((p) => p.value === value)?.name;
  const path = parsed.pathname
    .split("/")
    .map((segment) => {
      const name = segment ? nameFor(safeDecode(segment)) : undefined;
      return name ? `{${name}}` : segment;
    })
    .join("/");
  const query = [...parsed.searchParams.entries()]
    .map(([key, value]) => {
      const name = nameFor(value);
      return `${encodeURIComponent(key)}=${name ? `{${name}}` : encodeURIComponent(value)}`;
    })
    .join("&");
  return `${parsed.origin}${path}${query ? `?${query}` : ""}${parsed.hash}`;
}

/** A templated address with the parameters' values filled in. */
export function fillUrl(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(values[name]!) : whole));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Two addresses lead to the same page: same origin, path and query values (in any order); the fragment is ignored. */
export function samePage(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    const query = (u: URL) =>
      JSON.stringify([...u.searchParams.entries()].sort(([k1, v1], [k2, v2]) => k1.localeCompare(k2) || v1.localeCompare(v2)));
    return x.origin === y.origin && x.pathname === y.pathname && query(x) === query(y);
  } catch {
    return a === b;
  }
}
