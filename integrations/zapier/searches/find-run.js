"use strict";

const { apiUrl } = require("../lib/errand-api");
const { runSample, runOutputFields } = require("../lib/run-output");

/** A run by its id; none found (unknown, or another account's) is an empty result, not an error. */
const perform = async (z, bundle) => {
  const id = String(bundle.inputData.run_id || "").trim();
  const response = await z.request({ url: apiUrl(bundle, `/runs/${encodeURIComponent(id)}`), skipThrowForStatus: true });
  if (response.status === 404) return [];
  response.throwForStatus();
  return [response.data];
};

module.exports = {
  key: "find_run",
  noun: "Run",
  display: {
    label: "Find Run",
    description: "Finds a run by its ID, with its status and result.",
  },
  operation: {
    inputFields: [
      {
        key: "run_id",
        label: "Run ID",
        required: true,
        helpText: "The ID of the run, e.g. from the Finished Run trigger or the Run Task action.",
      },
    ],
    perform,
    sample: runSample,
    outputFields: runOutputFields,
  },
};
