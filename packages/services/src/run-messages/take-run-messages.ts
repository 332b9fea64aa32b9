import { runMessages } from "@errand/db";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";

/**
 * The worker, before a step: the run's unread messages, oldest first, marked read by that step
 * (docs/adr/0049-messages-and-allowed-domains.md). Each is handed out once, even to two callers.
 */
export async function takeRunMessages({ ctx, input }: VerbArgs<{ runId: string; step: number }>): Promise<{ id: string; text: string }[]> {
  return ctx.db.transaction(async (tx) => {
    const unread = await tx
      .select({ id: runMessages.id, text: runMessages.text })
      .from(runMessages)
      .where(and(eq(runMessages.taskRunId, input.runId), isNull(runMessages.readAt)))
      .orderBy(asc(runMessages.createdAt))
      .for("update", { skipLocked: true });
    if (unread.length === 0) return [];
    await tx
      .update(runMessages)
      .set({ readAt: sql`now()`, readInStep: input.step })
      .where(
        inArray(
          runMessages.id,
          unread.map((m) => m.id),
        ),
      );
    return unread;
  });
}
