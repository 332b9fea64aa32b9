import type { Parser } from "./http";

interface ArraySchema<T> {
  array(): Parser<T[]>;
}

/** `{ [key]: T[] }` from a contract item schema, without importing zod here. */
export function listParser<K extends string, T>(key: K, item: ArraySchema<T>): Parser<Record<K, T[]>> {
  const list = item.array();
  return {
    parse(data) {
      const value = typeof data === "object" && data !== null ? (data as Record<string, unknown>)[key] : undefined;
      return { [key]: list.parse(value) } as Record<K, T[]>;
    },
  };
}
