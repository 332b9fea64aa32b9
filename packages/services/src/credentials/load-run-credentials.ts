import type { OpenedCredential } from "@errand/contract";
import { credentials, tasks, tasksRuns } from "@errand/db";
import { and, eq, inArray } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { recordRunUse } from "../audit/record-run-use.ts";
import { openSecret } from "../secrets/seal-secret.ts";
import { openMailbox } from "./mailbox-secret.ts";

/** A credential opened for the agent: it types the values and never shows them to the model. */
export type RunCredential = OpenedCredential;

/**
 * The credentials a run's task names, decrypted (for the worker only: they never leave it). The
 * run's workspace's only; a name that no longer exists is skipped, and so is a value no configured key opens.
 * Each one handed over is an audit event (docs/adr/0038-audit-log.md).
 */
export async function loadRunCredentials({ ctx, input }: VerbArgs<{ runId: string }>): Promise<RunCredential[]> {
  const [run] = await ctx.db
    .select({ workspaceId: tasksRuns.workspaceId, names: tasks.credentialNames })
    .from(tasksRuns)
    .innerJoin(tasks, eq(tasks.id, tasksRuns.taskId))
    .where(eq(tasksRuns.id, input.runId));
  if (!run || run.names.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(credentials)
    .where(and(eq(credentials.workspaceId, run.workspaceId), inArray(credentials.name, run.names)));
  const opened: RunCredential[] = [];
  for (const row of rows) {
    try {
      opened.push({
        name: row.name,
        domains: row.domains,
        username: openSecret(ctx, row.usernameCiphertext),
        password: openSecret(ctx, row.passwordCiphertext),
        ...(row.totpSecretCiphertext ? { totp_secret: openSecret(ctx, row.totpSecretCiphertext) } : {}),
        ...(row.mailboxCiphertext ? { mailbox: openMailbox(ctx, row.mailboxCiphertext) } : {}),
      });
    } catch {
      ctx.log.warn("credential could not be opened: sealed with a key that is not configured", {
        runId: input.runId,
        credential: row.name,
      });
    }
  }
  const used = rows.filter((row) => opened.some((o) => o.name === row.name));
  await recordRunUse(
    ctx,
    input.runId,
    used.map((row) => ({ action: "credential.used", target: { type: "credential", id: row.id, label: row.name } })),
  );
  return opened;
}
