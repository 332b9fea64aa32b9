"use strict";

const { apiUrl } = require("../lib/errand-api");
const { dropdownTrigger } = require("../lib/dropdown-trigger");

/** The account's auth contexts (saved login sessions), for the Auth Context dropdown. */
const perform = async (z, bundle) => {
  const response = await z.request({ url: apiUrl(bundle, "/auth-contexts") });
  return response.data.auth_contexts.map((context) => ({
    ...context,
    // The dropdown's label: the name and the websites it signs in to.
    label: context.urls.length ? `${context.name} (${context.urls.join(", ")})` : context.name,
  }));
};

module.exports = dropdownTrigger({
  key: "auth_context_list",
  noun: "Auth Context",
  label: "List Auth Contexts",
  description: "Lists your saved login sessions (for dropdowns).",
  perform,
  sample: {
    id: "3d4f2a1b-6c7e-4f80-9a1b-2c3d4e5f6a7b",
    name: "My shop account",
    urls: ["https://shop.example.com"],
    created_at: "2025-01-10T08:00:00.000Z",
    updated_at: "2025-01-12T08:00:00.000Z",
    label: "My shop account (https://shop.example.com)",
  },
});
