"use strict";

/** Errand's API root from the connection's server address: no trailing slash, /api/v1 added once. */
const apiRoot = (bundle) => {
  const base = String((bundle.authData && bundle.authData.base_url) || "")
    .trim()
    .replace(/\/+$/, "")
    .replace(/\/api\/v1$/, "");
  return `${base}/api/v1`;
};

/** A URL of the Errand API for this connection, e.g. apiUrl(bundle, '/runs'). */
const apiUrl = (bundle, path) => `${apiRoot(bundle)}${path}`;

/** beforeRequest: every request to Errand carries the connection's API key. */
const addApiKey = (request, z, bundle) => {
  if (bundle.authData && bundle.authData.api_key) {
    request.headers = { ...request.headers, "x-api-key": bundle.authData.api_key };
  }
  return request;
};

/** The message of an Errand error answer `{ error: { code, message, fields } }`, with its field problems. */
const errorMessage = (response) => {
  const body = response.json;
  const error = body && typeof body === "object" ? body.error : null;
  if (!error || typeof error.message !== "string") return `Errand answered HTTP ${response.status}.`;
  const fields = Array.isArray(error.fields) ? error.fields.map((f) => `${f.path}: ${f.message}`) : [];
  return fields.length ? `${error.message} (${fields.join("; ")})` : error.message;
};

/**
 * afterResponse: a 401 becomes Zapier's AuthenticationError (Zapier then asks to reconnect);
 * other failures carry Errand's own message. Requests made with skipThrowForStatus handle
 * their statuses themselves (Find Run's 404), except 401.
 */
const handleErrors = (response, z) => {
  if (response.status === 401) {
    throw new z.errors.Error(
      "The API key or server address is not valid. Check them in your Errand account settings.",
      "AuthenticationError",
      401,
    );
  }
  if (response.status >= 400 && !response.skipThrowForStatus) {
    const code = response.json && response.json.error && response.json.error.code;
    throw new z.errors.Error(errorMessage(response), code || "ErrandError", response.status);
  }
  return response;
};

/** Run statuses that mean the run has ended. */
const FINAL_STATUSES = ["success", "failed", "error", "cancelled"];

/**
 * A search's perform: the thing at `${collection}/{id}`, the id from the input field `idField`;
 * none found (unknown, or another workspace's) is an empty result, not an error.
 */
const findById = (collection, idField) => async (z, bundle) => {
  const id = String(bundle.inputData[idField] || "").trim();
  const response = await z.request({ url: apiUrl(bundle, `${collection}/${encodeURIComponent(id)}`), skipThrowForStatus: true });
  if (response.status === 404) return [];
  response.throwForStatus();
  return [response.data];
};

/**
 * A search for one object of `collection` by its ID, named after its noun ("Find Run", input
 * `run_id`): the object, or nothing when there is none.
 */
const searchById = ({ noun, collection, description, helpText, sample, outputFields }) => {
  const idField = `${noun.toLowerCase()}_id`;
  return {
    key: `find_${noun.toLowerCase()}`,
    noun,
    display: { label: `Find ${noun}`, description },
    operation: {
      inputFields: [{ key: idField, label: `${noun} ID`, required: true, helpText }],
      perform: findById(collection, idField),
      sample,
      outputFields,
    },
  };
};

module.exports = { apiRoot, apiUrl, addApiKey, handleErrors, searchById, FINAL_STATUSES };
