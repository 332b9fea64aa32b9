import { sharedEvaluationExists } from "@errand/services/evaluations";
import { sharedRunExists } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";

type SharedPage = { meta: null; status: 200 | 404; module: string };

/**
 * /shared/{token}: the page of a share link. It is never indexed (no meta, and the server's
 * X-Robots-Tag); a link that does not work answers 404, as its page says.
 */
export async function sharedRunPage(ctx: ServiceContext, token: string): Promise<SharedPage> {
  const exists = await sharedRunExists({ ctx, input: { token } });
  return { meta: null, status: exists ? 200 : 404, module: "src/routes/shared/shared-run-page.tsx" };
}

/** /shared/evaluations/{token}: an evaluation's report shared by link; unknown or unshared, 404 as a run's link. */
export async function sharedEvaluationPage(ctx: ServiceContext, token: string): Promise<SharedPage> {
  const exists = await sharedEvaluationExists({ ctx, input: { token } });
  return { meta: null, status: exists ? 200 : 404, module: "src/routes/evaluations/shared-evaluation-page.tsx" };
}
