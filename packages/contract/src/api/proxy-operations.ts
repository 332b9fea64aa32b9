import { apiErrorSchema } from "../errors.ts";
import {
  createProxyPoolSchema,
  MAX_PROXY_POOLS_PER_ACCOUNT,
  proxyPoolListSchema,
  proxyPoolSchema,
  updateProxyPoolSchema,
} from "../proxies.ts";
import { jsonContent } from "./describe.ts";
import { resource } from "./resource.ts";

const USE =
  'A run, a task or a saved login names a pool (`proxy: { "pool": "<name>", "country": "de" }`); each run then goes out through one of its proxies, picked by the pool\'s rotation among those exiting in the country asked for. In a proxy\'s username `{session}` becomes a fresh id per run (a saved login keeps its own: same exit address) and `{country}` the country asked for. Credentials are sealed at rest (AES-256-GCM) and never returned.';
const taken = { 409: jsonContent(apiErrorSchema, "Another pool has this name, or the account has the most it may keep") };
const pool = resource(["Proxies"], proxyPoolSchema, taken);

export const proxyOperations = {
  listProxyPools: pool.list("listProxyPools", proxyPoolListSchema, {
    summary: "Your proxy pools, by name (never their credentials)",
    answer: "The pools",
  }),
  createProxyPool: pool.create("createProxyPool", createProxyPoolSchema, {
    summary: "Save a proxy pool",
    description: `${USE} At most ${MAX_PROXY_POOLS_PER_ACCOUNT} pools per account.`,
    answer: "The pool (without credentials)",
  }),
  getProxyPool: pool.get("getProxyPool", { summary: "One proxy pool (without credentials)", answer: "The pool" }),
  updateProxyPool: pool.update("updateProxyPool", updateProxyPoolSchema, {
    summary: "Change a proxy pool: only the fields sent change",
    description:
      '`entries`, when sent, is the whole new list: `{ "id": "..." }` keeps a proxy the pool has (credentials too), `{ "url": "..." }` adds one. Saved logins made through a proxy that is removed must log in again. Renaming it breaks tasks that name the old name.',
    answer: "The pool, updated",
  }),
  deleteProxyPool: pool.delete("deleteProxyPool", {
    summary: "Delete a proxy pool",
    description: "Runs that name it later fail before they start (not charged), saying the pool is gone.",
  }),
};
