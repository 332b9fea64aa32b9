import type { z } from "zod";
import { invalid } from "./errors.ts";

/** Validates input with a contract schema; failures become a validation error naming each field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalid(parsed.error.issues.map((issue) => ({ path: issue.path.length ? issue.path.join(".") : "body", message: issue.message })));
}
