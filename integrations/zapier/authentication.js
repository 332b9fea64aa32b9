"use strict";

const { apiUrl } = require("./lib/errand-api");

/** The connection test: the account the key belongs to (GET /account). */
const test = async (z, bundle) => {
  const response = await z.request({ url: apiUrl(bundle, "/account") });
  return response.data;
};

module.exports = {
  type: "custom",
  fields: [
    {
      key: "base_url",
      label: "Server Address",
      type: "string",
      required: true,
      placeholder: "https://errand.example.com",
      helpText: "The address of your Errand server, e.g. `https://errand.example.com` (self-hosted: where you reach its web app).",
    },
    {
      key: "api_key",
      label: "API Key",
      type: "password",
      required: true,
      helpText: "Your API key, from the API keys page of Errand (/api-keys).",
    },
  ],
  test,
  // The test's answer is the account; the connection is named after its e-mail.
  connectionLabel: (z, bundle) => bundle.inputData.email,
};
