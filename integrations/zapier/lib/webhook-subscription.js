"use strict";

const { apiUrl } = require("./errand-api");

/**
 * A REST hook's subscribe and unsubscribe: an account webhook of Errand on `eventOf(bundle)`,
 * posting to the Zap's URL, named `description` in Errand's list of webhooks.
 */
const webhookSubscription = (eventOf, description) => ({
  performSubscribe: async (z, bundle) => {
    const response = await z.request({
      url: apiUrl(bundle, "/webhooks"),
      method: "POST",
      body: { url: bundle.targetUrl, events: [eventOf(bundle)], description },
    });
    // Kept as bundle.subscribeData; the signing secret is not needed by Zapier, so it is not kept.
    const { secret: _secret, ...webhook } = response.data;
    return webhook;
  },
  performUnsubscribe: async (z, bundle) => {
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
  },
});

module.exports = { webhookSubscription };
