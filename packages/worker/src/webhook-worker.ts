import { createAddressPolicy, type AddressPolicy } from "@errand/network-rule";
import { claimWebhookDeliveries } from "@errand/services/webhooks";
import { describeError } from "@errand/services/logging";
import type { ServiceContext } from "@errand/services";
import { deliverWebhook, WEBHOOK_TIMEOUT_MS } from "./deliver-webhook.ts";
import type { Resolve } from "./post-webhook.ts";

export interface WebhookWorkerOptions {
  /** Deliveries in flight in this process at once (WEBHOOK_CONCURRENCY). */
  concurrency?: number;
  /** Deliveries in flight to one endpoint at once, counted over every process (WEBHOOK_ENDPOINT_CONCURRENCY). */
  perEndpoint?: number;
  /** How often to look for due deliveries when there is room and nothing was due. */
  pollMs?: number;
  /** How long one attempt waits for the answer. */
  timeoutMs?: number;
  /** Retry delays in seconds; tests pass a short schedule. */
  schedule?: readonly number[];
}

export const WEBHOOK_WORKER_DEFAULTS = { concurrency: 10, perEndpoint: 2, pollMs: 1000 } as const;

export interface WebhookWorker {
  /** Stops taking deliveries; attempts in flight get `graceMs` to finish, then are aborted (and retried later). */
  stop(graceMs?: number): Promise<void>;
  inFlight(): number;
}

/**
 * Delivers webhooks from the outbox (webhook_deliveries) concurrently: up to `concurrency` at
 * once in this process and `perEndpoint` per endpoint across all processes, so one slow
 * receiver holds at most its own slots. Due deliveries are claimed with a lease; a worker that
 * dies mid-attempt leaves a lease that runs out, and another worker takes the delivery again.
 */
export function startWebhookWorker(
  deps: { ctx: ServiceContext; network: { allowPrivate?: boolean; allowHosts?: string[] }; policy?: AddressPolicy; resolve?: Resolve },
  options: WebhookWorkerOptions = {},
): WebhookWorker {
  const { ctx } = deps;
  const concurrency = options.concurrency ?? WEBHOOK_WORKER_DEFAULTS.concurrency;
  const perEndpoint = options.perEndpoint ?? WEBHOOK_WORKER_DEFAULTS.perEndpoint;
  const pollMs = options.pollMs ?? WEBHOOK_WORKER_DEFAULTS.pollMs;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  // The lease outlasts the attempt's timeout with room for the database writes around it.
  const leaseSeconds = Math.ceil(timeoutMs / 1000) + 50;
  const policy = deps.policy ?? createAddressPolicy(deps.network);
  const shutdown = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let wake: (() => void) | undefined;
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    while (!stopping) {
      const room = concurrency - inFlight.size;
      let claimed = 0;
      if (room > 0) {
        try {
          const deliveries = await claimWebhookDeliveries({ ctx, input: { limit: room, perEndpoint, leaseSeconds } });
          claimed = deliveries.length;
          for (const delivery of deliveries) {
            const attempt = deliverWebhook(
              {
                ctx,
                policy,
                network: deps.network,
                resolve: deps.resolve,
                timeoutMs,
                schedule: options.schedule,
                shutdown: shutdown.signal,
              },
              delivery,
            )
              .catch((error: unknown) => ctx.log.error("webhook attempt failed", { deliveryId: delivery.id, error: describeError(error) }))
              .finally(() => {
                inFlight.delete(attempt);
                // A slot (and its endpoint's slot) is free: look again at once.
                wake?.();
              });
            inFlight.add(attempt);
          }
        } catch (error) {
          ctx.log.warn("could not claim webhook deliveries", { error: describeError(error) });
        }
      }
      // A full batch may mean more are due; otherwise wait for a free slot or the next poll.
      if (stopping || (room > 0 && claimed === room)) continue;
      await nap(pollMs);
    }
  })();

  return {
    inFlight: () => inFlight.size,
    async stop(graceMs = timeoutMs) {
      stopping = true;
      wake?.();
      await loop;
      const all = Promise.allSettled([...inFlight]);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      shutdown.abort();
      await all;
    },
  };
}
