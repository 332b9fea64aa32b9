import { sql } from "drizzle-orm";
import type { Db } from "@errand/db";

/** One Postgres channel for all run events; payloads carry ids only (NOTIFY is limited to 8 KB). */
export const RUN_EVENTS_CHANNEL = "errand_run_events";

/**
 * What happened to a run, with the workspace it belongs to: every member who can read the run
 * follows it (docs/adr/0040-team-workspaces-outlive-their-members.md).
 */
export type RunEvent =
  | { type: "step"; runId: string; workspaceId: string; stepId: string; number: number }
  | { type: "status"; runId: string; workspaceId: string; status: string }
  /** The run began or stopped waiting for a person (needsPerson: why, or null once over). */
  | { type: "attention"; runId: string; workspaceId: string; needsPerson: string | null };

type Executor = Pick<Db, "execute">;

/** Publishes inside the caller's transaction: listeners hear it only if the change commits. */
export async function publishRunEvent(tx: Executor, event: RunEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${RUN_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
