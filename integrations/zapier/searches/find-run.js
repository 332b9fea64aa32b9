"use strict";

const { findById } = require("../lib/errand-api");
const { runSample, runOutputFields } = require("../lib/run-output");

/** A run by its id, with its status and result. */
const perform = findById("/runs", "run_id");

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
