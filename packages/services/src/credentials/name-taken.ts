import { conflict } from "../errors.ts";

/** Another credential of the account has this name. */
export const nameTaken = (name: string | undefined) =>
  conflict(`You already have a credential named ${name ?? "so"}: choose another name.`);

/** Postgres' unique violation (two saves of one name at once): the index on (user, name) refused the second. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}
