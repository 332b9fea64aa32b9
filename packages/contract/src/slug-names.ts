import { z } from "zod";

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The name an account's credential or proxy pool goes by, which tasks and runs name it with: a
 * lowercase slug such as `example`, at most `max` characters.
 */
export const slugName = (max: number, example: string) =>
  z
    .string({ error: "name must be text" })
    .trim()
    .toLowerCase()
    .min(1, "Name is required")
    .max(max, `name must be at most ${max} characters`)
    .regex(SLUG_PATTERN, `name must be lowercase letters, digits and dashes, like ${example}`);
