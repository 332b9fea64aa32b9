import { WEBHOOK_TIMEOUT_SECONDS } from "@errand/contract";
import { hostIsAllowed, type AddressPolicy, type NetworkPolicyOptions } from "@errand/network-rule";
import { completeWebhookAttempt, prepareWebhook, type AttemptOutcome, type ClaimedDelivery } from "@errand/services/webhooks";
import type { ServiceContext } from "@errand/services";
import { inSpan, type SpanHandle } from "@errand/services/tracing";
import { postWebhook, RefusedAddressError, type Resolve } from "./post-webhook.ts";

export const WEBHOOK_TIMEOUT_MS = WEBHOOK_TIMEOUT_SECONDS * 1000;

export interface DeliverWebhookDeps {
  ctx: ServiceContext;
  /** Judges the URL before anything is sent (IP literals and names alike). */
  policy: AddressPolicy;
  /** The same rule's options: without an exemption, names are judged again at connection time. */
  network: NetworkPolicyOptions;
  /** Resolves host names at connection time (tests pass their own DNS). */
  resolve?: Resolve;
  /** How long one attempt may wait for the answer. */
  timeoutMs?: number;
  /** Retry delays in seconds (tests shorten them); default WEBHOOK_RETRY_DELAYS_SECONDS. */
  schedule?: readonly number[];
  /** Aborts the request when the worker stops (the attempt is then retried later). */
  shutdown?: AbortSignal;
}

/**
 * One attempt of a claimed delivery: a signed POST of the run's outcome (or of an account
 * webhook's test event), recorded with its
 * status code or error and response time; the delivery then succeeds, waits for its next
 * attempt, or gives up. Private addresses are refused like the agent's navigation (permanent:
 * retrying cannot help), by the rule beforehand and again on the address the connection uses
 * (a name may resolve differently a moment later); redirects are not followed (a redirect could
 * lead to one). With tracing on, each attempt is a `webhook delivery` span (docs/adr/0050-run-traces.md).
 */
export function deliverWebhook(deps: DeliverWebhookDeps, delivery: ClaimedDelivery): Promise<void> {
  // Ids and the outcome only: the URL may carry a token and the body quotes the run.
  const attributes = {
    "errand.webhook.delivery_id": delivery.id,
    "errand.run.id": delivery.runId ?? "",
    "errand.webhook.trigger": delivery.trigger,
  };
  return inSpan("webhook delivery", attributes, (span) => attempt(deps, delivery, span));
}

async function attempt(deps: DeliverWebhookDeps, delivery: ClaimedDelivery, span: SpanHandle): Promise<void> {
  const { ctx } = deps;
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const startedAt = new Date();
  const started = performance.now();
  const finish = (outcome: Omit<AttemptOutcome, "startedAt" | "durationMs">) => {
    ctx.metrics?.webhookDeliveries.inc();
    if (outcome.error !== null) ctx.metrics?.webhookFailures.inc();
    span.set({ "http.response.status_code": outcome.statusCode ?? 0, "errand.webhook.delivered": outcome.error === null });
    if (outcome.error !== null) span.fail(outcome.permanent ? "refused" : "failed");
    return completeWebhookAttempt({
      ctx,
      input: { delivery, schedule: deps.schedule, outcome: { ...outcome, startedAt, durationMs: performance.now() - started } },
    });
  };

  const request = await prepareWebhook({
    ctx,
    input: { runId: delivery.runId, deliveryId: delivery.id, url: delivery.url, webhookId: delivery.webhookId, trigger: delivery.trigger },
  });
  // Deleting a run or a webhook deletes its deliveries: there is normally nothing left to record.
  if (!request) return void (await finish({ statusCode: null, error: "The run or webhook no longer exists", permanent: true }));
  const verdict = await deps.policy.check(request.url);
  if (!verdict.allowed) return void (await finish({ statusCode: null, error: `Refused: ${verdict.reason}`, permanent: true }));

  const timeout = AbortSignal.timeout(timeoutMs);
  let status: number;
  try {
    status = await postWebhook(request.url, {
      headers: request.headers,
      body: request.body,
      signal: deps.shutdown ? AbortSignal.any([timeout, deps.shutdown]) : timeout,
      guard: !letsAnyAddressThrough(request.url, deps.network),
      resolve: deps.resolve,
    });
  } catch (error) {
    if (error instanceof RefusedAddressError)
      return void (await finish({ statusCode: null, error: `Refused: ${error.message}`, permanent: true }));
    await finish({ statusCode: null, error: failureMessage(error, timeout.aborted, timeoutMs) });
    return;
  }
  if (status >= 200 && status < 300) return void (await finish({ statusCode: status, error: null }));
  const error = status >= 300 && status < 400 ? `Redirect (${status}) not followed` : `Endpoint answered ${status}`;
  await finish({ statusCode: status, error });
}

/**
 * True when the address rule lets this URL reach any address (ALLOW_PRIVATE_NETWORK, or a host
 * the configuration allows, such as a test's receiver): then no check at connection time.
 */
function letsAnyAddressThrough(url: string, network: NetworkPolicyOptions): boolean {
  return Boolean(network.allowPrivate) || hostIsAllowed(url, network.allowHosts ?? []);
}

/** What the owner reads for a request that got no answer; never the request's headers or body. */
function failureMessage(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No answer within ${timeoutMs / 1000} s`;
  if (error instanceof Error && error.name === "AbortError") return "The worker stopped before the answer came";
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  const detail = cause instanceof Error && cause.message ? cause.message : typeof code === "string" ? code : String(cause);
  return `Could not connect: ${detail}`.slice(0, 500);
}
