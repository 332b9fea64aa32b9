"use strict";

const { choicesOf } = require("../lib/choices");
const { webhookSubscription } = require("../lib/webhook-subscription");
const { apiUrl, FINAL_STATUSES } = require("../lib/errand-api");
const { runSample, runOutputFields } = require("../lib/run-output");

/** Which runs each choice of the "Status" field matches: its account webhook event and final statuses. */
const EVENTS = {
  "run.finished": FINAL_STATUSES,
  "run.succeeded": ["success"],
  "run.failed": ["failed", "error"],
};
const eventOf = (bundle) => (EVENTS[bundle.inputData.event] ? bundle.inputData.event : "run.finished");

/** REST hook: an account webhook of Errand posting to this Zap's URL. */
const { performSubscribe, performUnsubscribe } = webhookSubscription(eventOf, "Zapier: Finished Run");

/** A delivery `{ event, delivery_id, webhook_id, run }`: the run starts the Zap; a test delivery does not. */
const perform = async (z, bundle) => {
  const delivery = bundle.cleanedRequest || {};
  if (!delivery.run || !delivery.run.id || delivery.event === "webhook.test") return [];
  return [delivery.run];
};

/** Samples and the polling fallback: the account's latest ended runs that match, newest first, in full. */
const performList = async (z, bundle) => {
  const statuses = EVENTS[eventOf(bundle)];
  const response = await z.request({ url: apiUrl(bundle, "/runs"), params: { limit: 50 } });
  const ended = response.data.runs.filter((run) => statuses.includes(run.status)).slice(0, 10);
  return Promise.all(ended.map(async (run) => (await z.request({ url: apiUrl(bundle, `/runs/${run.id}`) })).data));
};

module.exports = {
  key: "finished_run",
  noun: "Run",
  display: {
    label: "Finished Run",
    description: "Triggers when a run of your account ends, with its result.",
  },
  operation: {
    type: "hook",
    inputFields: [
      {
        key: "event",
        label: "Status",
        required: false,
        choices: choicesOf([
          ["run.finished", "Any final status"],
          ["run.succeeded", "Succeeded"],
          ["run.failed", "Failed or error"],
        ]),
        default: "run.finished",
        helpText: "Which ended runs start the Zap. Any final status includes cancelled runs.",
      },
    ],
    performSubscribe,
    performUnsubscribe,
    perform,
    performList,
    sample: runSample,
    outputFields: runOutputFields,
  },
};
