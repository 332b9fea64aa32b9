"use strict";

const { apiUrl } = require("../lib/errand-api");
const { batchSample, batchOutputFields } = require("../lib/batch-output");

/** REST hook: an account webhook of Errand on batch.finished, posting to this Zap's URL. */
const performSubscribe = async (z, bundle) => {
  const response = await z.request({
    url: apiUrl(bundle, "/webhooks"),
    method: "POST",
    body: { url: bundle.targetUrl, events: ["batch.finished"], description: "Zapier: Batch Finished" },
  });
  // Kept as bundle.subscribeData; the signing secret is not needed by Zapier, so it is not kept.
  const { secret: _secret, ...webhook } = response.data;
  return webhook;
};

const performUnsubscribe = async (z, bundle) => {
  const id = bundle.subscribeData && bundle.subscribeData.id;
  if (!id) throw new z.errors.Error("This Zap has no Errand webhook to remove.", "MissingWebhook", 400);
  // Already gone (deleted in Errand): nothing left to undo.
  const response = await z.request({
    url: apiUrl(bundle, `/webhooks/${encodeURIComponent(id)}`),
    method: "DELETE",
    skipThrowForStatus: true,
  });
  if (response.status !== 204 && response.status !== 404) response.throwForStatus();
  return {};
};

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
