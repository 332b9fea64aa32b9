"use strict";

const { findById } = require("../lib/errand-api");
const { batchSample, batchOutputFields } = require("../lib/batch-output");

/** A batch by its id, with its status and rows per outcome. */
const perform = findById("/batches", "batch_id");

module.exports = {
  key: "find_batch",
  noun: "Batch",
  display: {
    label: "Find Batch",
    description: "Finds a batch by its ID, with its status and how many rows succeeded or failed.",
  },
  operation: {
    inputFields: [
      {
        key: "batch_id",
        label: "Batch ID",
        required: true,
        helpText: "The ID of the batch, e.g. from the Run Task Over a List action or the Batch Finished trigger.",
      },
    ],
    perform,
    sample: batchSample,
    outputFields: batchOutputFields,
  },
};
