import type { RunStatus } from "@errand/contract";
import { withIdempotency } from "@errand/services/api";
import type { Caller, ServiceContext } from "@errand/services";
import { timeLimit } from "@errand/services/runs";

type CreatedRun = Parameters<typeof timeLimit>[0] & { id: string; taskId: string; status: RunStatus };

/** The 201 body of every operation that queues a run (POST /runs, /tasks/{id}/runs, /automations/{slug}/runs). */
export const createdRunBody = (run: CreatedRun) => ({ id: run.id, task_id: run.taskId, status: run.status, ...timeLimit(run) });

/**
 * Creates a run once per Idempotency-Key: a repeat of the key answers with the first response
 * (`replayed`), docs/api.md "Idempotency". Without a key the run is simply created.
 */
export async function createOnce<Body>(
  ctx: ServiceContext,
  caller: Caller,
  idempotency: { key: string | undefined; request: unknown },
  create: () => Promise<Body>,
): Promise<{ body: Body; replayed: boolean }> {
  const handle = async () => ({ status: 201, body: await create() });
  if (!idempotency.key) return { body: (await handle()).body, replayed: false };
  const result = await withIdempotency({ ctx, caller, input: { key: idempotency.key, request: idempotency.request } }, handle);
  return { body: result.body as Body, replayed: result.replayed };
}
