"use strict";

const { webhookSubscription } = require("../lib/webhook-subscription");
const { apiUrl } = require("../lib/errand-api");
const { batchSample, batchOutputFields } = require("../lib/batch-output");

/** REST hook: an account webhook of Errand posting to this Zap's URL. */
const { performSubscribe, performUnsubscribe } = webhookSubscription(() => "batch.finished", "Zapier: Batch Finished");

/** A delivery `{ event: "batch.finished", delivery_id, webhook_id, batch }`: the batch starts the Zap; a test delivery does not. */
const perform = async (z, bundle) => {
  const delivery = bundle.cleanedRequest || {};
  if (delivery.event !== "batch.finished" || !delivery.batch || !delivery.batch.id) return [];
  return [delivery.batch];
};

/** Samples and the polling fallback: the workspace's latest finished batches, newest first. */
const performList = async (z, bundle) => {
  const response = await z.request({ url: apiUrl(bundle, "/batches") });
  return response.data.batches.filter((batch) => batch.status === "finished").slice(0, 10);
};

module.exports = {
  key: "batch_finished",
  noun: "Batch",
  display: {
    label: "Batch Finished",
    description: "Triggers when every row of a batch has ended, with how many succeeded or failed.",
  },
  operation: {
    type: "hook",
    performSubscribe,
    performUnsubscribe,
    perform,
    performList,
    sample: batchSample,
    outputFields: batchOutputFields,
  },
};
