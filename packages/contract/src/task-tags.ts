import { z } from "zod";

/** Task tags, for charge-back by tag (GET /usage?group_by=tag; docs/adr/0039-usage-by-member-key-and-tag.md). */
export const TASK_TAGS = { max: 10, maxLength: 32 } as const;
export const TASK_TAG_MESSAGE = `Each tag is 1 to ${TASK_TAGS.maxLength} letters, digits, - _ . or :`;
const TAG = new RegExp(`^[a-z0-9_.:-]{1,${TASK_TAGS.maxLength}}$`);

/** "Team:Sales " → "team:sales": tags are compared lower-case, without the spaces around them. */
export function normalizeTaskTag(tag: string): string {
  return tag.trim().toLowerCase();
}

export function isTaskTag(tag: string): boolean {
  return TAG.test(tag);
}

/** A task's tags: lower-cased and deduplicated, in the order given. */
export const taskTagsSchema = z
  .array(z.string({ error: "tags must be a list of words" }), { error: "tags must be a list of words" })
  .transform((tags) => [...new Set(tags.map(normalizeTaskTag))])
  .refine((tags) => tags.length <= TASK_TAGS.max, { error: `A task has at most ${TASK_TAGS.max} tags` })
  .refine((tags) => tags.every(isTaskTag), { error: TASK_TAG_MESSAGE })
  .meta({
    description: `Labels for charge-back (GET /usage?group_by=tag): at most ${TASK_TAGS.max}, each 1 to ${TASK_TAGS.maxLength} letters, digits, - _ . or :, stored lower-case without duplicates.`,
  });
