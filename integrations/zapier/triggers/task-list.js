"use strict";

const { apiUrl } = require("../lib/errand-api");
const { dropdownTrigger } = require("../lib/dropdown-trigger");

/**
 * The workspace's saved tasks, newest first, for the Task dropdown of Run Task Over a List;
 * labelled by prompt. Errand pages them by 10 from page 1; Zapier counts its pages from 0.
 */
const perform = async (z, bundle) => {
  const page = ((bundle.meta && bundle.meta.page) || 0) + 1;
  const response = await z.request({ url: apiUrl(bundle, "/tasks"), params: { page } });
  return response.data.tasks.map((task) => ({ id: task.id, prompt: task.prompt, label: task.prompt.replace(/\s+/g, " ").slice(0, 100) }));
};

module.exports = dropdownTrigger({
  key: "task_list",
  noun: "Task",
  label: "List Tasks",
  description: "Lists your saved tasks (for dropdowns).",
  perform,
  canPaginate: true,
  sample: {
    id: "0e3f6a2b-1c4d-4e5f-8a9b-0c1d2e3f4a5b",
    prompt: "Is {{shop}} in {{city}} open today?",
    label: "Is {{shop}} in {{city}} open today?",
  },
});
