"use strict";

const { apiUrl } = require("../lib/errand-api");
const { dropdownTrigger } = require("../lib/dropdown-trigger");

/** The marketplace's automations, for the Automation dropdown of Run Task (its value is the slug). */
const perform = async (z, bundle) => {
  const response = await z.request({ url: apiUrl(bundle, "/automations") });
  return response.data.automations;
};

module.exports = dropdownTrigger({
  key: "automation_list",
  noun: "Automation",
  label: "List Automations",
  description: "Lists the ready-made automations of the marketplace (for dropdowns).",
  perform,
  sample: {
    id: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
    slug: "track-product-price",
    title: "Track a product price",
    description: "Reads the current price of a product page.",
    website: "https://shop.example.com",
    categories: ["ecommerce"],
    need_auth: false,
  },
});
