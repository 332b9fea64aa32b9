import { createAddressPolicy, type AddressPolicy } from "@errand/agent";
import { prepareWebhook, recordWebhookAttempt, type ServiceContext } from "@errand/services";

const TIMEOUT_MS = 10_000;

/**
 * One delivery attempt of a run's webhook. Throws on failure so the queue retries it with
 * backoff; every attempt is recorded. Private addresses are refused like the agent's navigation,
 * and redirects are not followed (a redirect could lead to one).
 */
export async function deliverWebhook(
  deps: { ctx: ServiceContext; policy?: AddressPolicy; network: { allowPrivate?: boolean; allowHosts?: string[] } },
  runId: string,
  attempt: number,
): Promise<void> {
  const { ctx } = deps;
  const request = await prepareWebhook({ ctx, input: { runId } });
  if (!request) return;
  const policy = deps.policy ?? createAddressPolicy(deps.network);
  const started = performance.now();
  const record = (statusCode: number | null, error: string | null) =>
    recordWebhookAttempt({ ctx, input: { runId, attempt, url: request.url, statusCode, error, durationMs: performance.now() - started } });

  const verdict = await policy.check(request.url);
  if (!verdict.allowed) {
    await record(null, `Refused: ${verdict.reason}`);
    return; // permanent: retrying cannot help
  }
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    const message = error instanceof Error && error.name === "TimeoutError" ? `No answer within ${TIMEOUT_MS / 1000} s` : `Could not connect: ${error instanceof Error ? error.message : String(error)}`;
    await record(null, message);
    throw new Error(message, { cause: error });
  }
  if (response.status >= 200 && response.status < 300) {
    await record(response.status, null);
    return;
  }
  const message = response.status >= 300 && response.status < 400 ? `Redirect (${response.status}) not followed` : `Endpoint answered ${response.status}`;
  await record(response.status, message);
  throw new Error(message);
}
