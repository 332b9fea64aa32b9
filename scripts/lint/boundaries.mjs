// Who may import whom: the "Parts" table of docs/architecture.md, enforced by the
// errand/boundaries rule (scripts/lint/eslint-plugin.mjs). Change both together; how to add a
// rule: docs/adr/0017-enforced-boundaries.md.
//
// A part not listed here (packages/cli, the composition root; e2e/, bench/, scripts/, deploy/)
// may import any of our packages. Tests and testing helpers (TEST_FILES below) may import any of
// our packages too: they assemble a real server, database, worker and fakes to test through, and
// a test of the SDK needs a database to run a server on. What ships is held to the table.

/** Files that are tests or exist only for tests; they may also use their package's devDependencies. */
export const TEST_FILES = [/\.(test|spec)\.[cm]?[jt]sx?$/, /(^|\/)testing(\/|\.[cm]?[jt]s$)/, /(^|\/)(e2e|test|tests)\//, /(^|\/)bench\//];

/** Build and tool configuration of a workspace (vite.config.ts, apps/web/build/, packages/sdk/scripts/): may use devDependencies. */
export const TOOL_FILES = [/(^|\/)[^/]+\.config\.[cm]?[jt]s$/, /^apps\/web\/build\//, /^packages\/[^/]+\/scripts\//];

const API_ONLY = "reaches our data only through the public HTTP API";

/** @type {{ dir: string, allowed: string[], why: string, instead: Record<string, string> }[]} */
export const PARTS = [
  {
    dir: "packages/contract",
    allowed: [],
    why: "packages/contract imports nothing of ours: it is the bottom layer every part shares",
    instead: {},
  },
  {
    dir: "packages/config",
    allowed: [],
    why: "packages/config imports nothing of ours: it reads the environment and is passed down",
    instead: {},
  },
  {
    dir: "packages/network-rule",
    allowed: [],
    why: "packages/network-rule is the private-address rule the agent, services and worker share; it imports nothing of ours",
    instead: {},
  },
  {
    dir: "packages/content",
    allowed: ["@errand/contract"],
    why: "packages/content is shipped static content over the contract",
    instead: {},
  },
  {
    dir: "packages/db",
    allowed: ["@errand/contract"],
    why: "packages/db is the schema and connection; only the contract's types sit below it",
    instead: {},
  },
  {
    dir: "packages/services",
    allowed: ["@errand/contract", "@errand/db", "@errand/network-rule"],
    why: "packages/services is the domain layer: entry points call it, it calls nothing above it",
    instead: {},
  },
  {
    dir: "apps/server",
    allowed: ["@errand/services", "@errand/contract", "@errand/content", "@errand/mcp", "@errand/sdk"],
    why: "apps/server is a thin HTTP adapter over service verbs",
    instead: {
      "@errand/db": "the server reaches the database only through service verbs (packages/services): add or use a verb there",
      "@errand/agent": "the worker (packages/worker) drives the agent",
      "@errand/worker": "the composition root (packages/cli/src/runtime) wires the worker beside the server",
    },
  },
  {
    dir: "apps/web",
    allowed: ["@errand/contract", "@errand/content"],
    why: "apps/web is the browser app",
    instead: {
      "@errand/db": "the web app reaches data through the API (packages/contract + the typed client in apps/web/src/api)",
      "@errand/services":
        "the web app reaches business rules through the API (packages/contract + the typed client in apps/web/src/api); a rule the web app needs belongs in a service verb behind an endpoint",
      "@errand/agent": "the web app watches runs through the API and the live view, never the agent itself",
      "@errand/worker": "the web app reaches runs through the API (packages/contract + the typed client in apps/web/src/api)",
    },
  },
  {
    dir: "packages/agent",
    allowed: ["@errand/contract", "@errand/network-rule"],
    why: "packages/agent receives its model and browser and emits events; it knows nothing of the database or HTTP",
    instead: {
      "@errand/services": "the worker (packages/worker) is the only bridge between agent and services: emit an event or take a callback",
      "@errand/db": "the worker (packages/worker) records what the agent does: emit an event or take a callback",
    },
  },
  {
    dir: "packages/worker",
    allowed: ["@errand/agent", "@errand/services", "@errand/contract", "@errand/network-rule"],
    why: "packages/worker drives the agent and records through service verbs",
    instead: { "@errand/db": "the worker reaches the database only through service verbs (packages/services)" },
  },
  {
    dir: "packages/sdk",
    allowed: ["@errand/contract"],
    why: `packages/sdk is the public client: it ${API_ONLY} and bundles only the contract's route table and types`,
    instead: {},
  },
  {
    dir: "packages/mcp",
    allowed: ["@errand/sdk", "@errand/contract"],
    why: `packages/mcp works over the SDK: it ${API_ONLY}`,
    instead: {},
  },
  {
    dir: "packages/testkit",
    allowed: [],
    why: "packages/testkit fakes third parties at their protocol and starts our real binary; it imports nothing of ours",
    instead: {},
  },
  { dir: "integrations/n8n", allowed: [], why: `the n8n node ${API_ONLY}`, instead: {} },
  { dir: "integrations/zapier", allowed: [], why: `the Zapier app ${API_ONLY}`, instead: {} },
];

/** The message for `partDir` importing `target`, or undefined when the table allows it. */
export function boundaryViolation(partDir, target) {
  const part = PARTS.find((p) => p.dir === partDir);
  if (!part || part.allowed.includes(target)) return undefined;
  const reason =
    part.instead[target] ??
    `${part.why}; it may import ${part.allowed.length ? part.allowed.join(", ") : "none of our packages"} (docs/architecture.md, "Parts")`;
  return `${partDir} must not import ${target}: ${reason}.`;
}
