import { z } from "zod";
import { demoRunSchema } from "./tasks.ts";

/**
 * Resource: a run's share link. The owner turns it on and off; whoever has the link sees a
 * read-only replay at /shared/{token}, like a demo, without the owner's account details.
 */
export const SHARE_TOKEN_BYTES = 24;
/** A share token as it appears in links: base64url of SHARE_TOKEN_BYTES random bytes. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** GET, POST /runs/{id}/share: the link, or null when the run is not shared. */
export const runShareSchema = z.object({
  url: z.string().nullable().meta({ description: "The share link (anyone with it can watch the replay); null when not shared." }),
});
export type RunShare = z.infer<typeof runShareSchema>;

/** GET /shared/{token}: the shared run and its steps, in the demo's shape. */
export const sharedRunSchema = demoRunSchema;
export type SharedRun = z.infer<typeof sharedRunSchema>;

/** What a revoked or unknown link answers (404), and what its page says. */
export const SHARED_RUN_NOT_FOUND_MESSAGE = "This shared link does not exist, or its owner has stopped sharing the run.";
