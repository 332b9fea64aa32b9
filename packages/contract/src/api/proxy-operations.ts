import { apiErrorSchema } from "../errors.ts";
import {
  createProxyPoolSchema,
  MAX_PROXY_POOLS_PER_ACCOUNT,
  proxyPoolListSchema,
  proxyPoolSchema,
  updateProxyPoolSchema,
} from "../proxies.ts";
import { commonErrors, idParam, jsonBody, jsonContent, operation } from "./describe.ts";

const tags = ["Proxies"];
const USE =
  'A run, a task or a saved login names a pool (`proxy: { "pool": "<name>", "country": "de" }`); each run then goes out through one of its proxies, picked by the pool\'s rotation among those exiting in the country asked for. In a proxy\'s username `{session}` becomes a fresh id per run (a saved login keeps its own: same exit address) and `{country}` the country asked for. Credentials are sealed at rest (AES-256-GCM) and never returned.';
const taken = { 409: jsonContent(apiErrorSchema, "Another pool has this name, or the account has the most it may keep") };

export const proxyOperations = {
  listProxyPools: operation("listProxyPools", {
    tags,
    summary: "Your proxy pools, by name (never their credentials)",
    responses: { 200: jsonContent(proxyPoolListSchema, "The pools"), ...commonErrors },
  }),
  createProxyPool: operation("createProxyPool", {
    tags,
    summary: "Save a proxy pool",
    description: `${USE} At most ${MAX_PROXY_POOLS_PER_ACCOUNT} pools per account.`,
    request: { body: jsonBody(createProxyPoolSchema) },
    responses: { 201: jsonContent(proxyPoolSchema, "The pool (without credentials)"), ...taken, ...commonErrors },
  }),
  getProxyPool: operation("getProxyPool", {
    tags,
    summary: "One proxy pool (without credentials)",
    request: { params: idParam },
    responses: { 200: jsonContent(proxyPoolSchema, "The pool"), ...commonErrors },
  }),
  updateProxyPool: operation("updateProxyPool", {
    tags,
    summary: "Change a proxy pool: only the fields sent change",
    description:
      '`entries`, when sent, is the whole new list: `{ "id": "..." }` keeps a proxy the pool has (credentials too), `{ "url": "..." }` adds one. Saved logins made through a proxy that is removed must log in again. Renaming it breaks tasks that name the old name.',
    request: { params: idParam, body: jsonBody(updateProxyPoolSchema) },
    responses: { 200: jsonContent(proxyPoolSchema, "The pool, updated"), ...taken, ...commonErrors },
  }),
  deleteProxyPool: operation("deleteProxyPool", {
    tags,
    summary: "Delete a proxy pool",
    description: "Runs that name it later fail before they start (not charged), saying the pool is gone.",
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...commonErrors },
  }),
};
