"use strict";

// Errand's Zapier app (Zapier Platform CLI, zapier-platform-core).
const zapier = require("zapier-platform-core");

const authentication = require("./authentication");
const { addApiKey, handleErrors } = require("./lib/errand-api");
const finishedRun = require("./triggers/finished-run");
const authContextList = require("./triggers/auth-context-list");
const automationList = require("./triggers/automation-list");
const runTask = require("./creates/run-task");
const findRun = require("./searches/find-run");

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
  },
  creates: {
    [runTask.key]: runTask,
  },
  searches: {
    [findRun.key]: findRun,
  },
};
