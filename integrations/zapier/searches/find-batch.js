"use strict";

const { searchById } = require("../lib/errand-api");
const { batchSample, batchOutputFields } = require("../lib/batch-output");

/** A batch by its id, with its status and rows per outcome. */
module.exports = searchById({
  noun: "Batch",
  collection: "/batches",
  description: "Finds a batch by its ID, with its status and how many rows succeeded or failed.",
  helpText: "The ID of the batch, e.g. from the Run Task Over a List action or the Batch Finished trigger.",
  sample: batchSample,
  outputFields: batchOutputFields,
});
