"use strict";

const { searchById } = require("../lib/errand-api");
const { runSample, runOutputFields } = require("../lib/run-output");

/** A run by its id, with its status and result. */
module.exports = searchById({
  noun: "Run",
  collection: "/runs",
  description: "Finds a run by its ID, with its status and result.",
  helpText: "The ID of the run, e.g. from the Finished Run trigger or the Run Task action.",
  sample: runSample,
  outputFields: runOutputFields,
});
