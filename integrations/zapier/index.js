"use strict";

// Errand's Zapier app (Zapier Platform CLI, zapier-platform-core).
const zapier = require("zapier-platform-core");

const authentication = require("./authentication");
const { addApiKey, handleErrors } = require("./lib/errand-api");
const finishedRun = require("./triggers/finished-run");
const batchFinished = require("./triggers/batch-finished");
const taskList = require("./triggers/task-list");
const authContextList = require("./triggers/auth-context-list");
const automationList = require("./triggers/automation-list");
const runTask = require("./creates/run-task");
const runBatch = require("./creates/run-batch");
const findRun = require("./searches/find-run");
const findBatch = require("./searches/find-batch");

module.exports = {
  version: require("./package.json").version,
  platformVersion: zapier.version,
  authentication,
  beforeRequest: [addApiKey],
  afterResponse: [handleErrors],
  triggers: {
    [finishedRun.key]: finishedRun,
    [authContextList.key]: authContextList,
    [automationList.key]: automationList,
    [batchFinished.key]: batchFinished,
    [taskList.key]: taskList,
  },
  creates: {
    [runTask.key]: runTask,
    [runBatch.key]: runBatch,
  },
  searches: {
    [findRun.key]: findRun,
    [findBatch.key]: findBatch,
  },
};
