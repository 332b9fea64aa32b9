import { sharedRunExists } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";

/**
 * /shared/{token}: the page of a share link. It is never indexed (no meta, and the server's
 * X-Robots-Tag); a link that does not work answers 404, as its page says.
 */
export async function sharedRunPage(ctx: ServiceContext, token: string): Promise<{ meta: null; status: 200 | 404; module: string }> {
  const exists = await sharedRunExists({ ctx, input: { token } });
  return { meta: null, status: exists ? 200 : 404, module: "src/routes/shared/shared-run-page.tsx" };
}
