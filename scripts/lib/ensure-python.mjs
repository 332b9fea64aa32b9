import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { run } from "./run.mjs";

/**
 * The Python the Python SDK's tests use (sdks/python, docs/adr/0046-python-sdk.md): PYTHON, else
 * the system's /usr/bin/python3, whose modules come from Debian's packages (no PyPI needed).
 */
export const PYTHON = process.env.PYTHON || "/usr/bin/python3";

/** Debian's packages for the tests: the SDK's dependencies, pytest, mypy, the build front end and venv. */
export const PYTHON_PACKAGES = [
  "python3",
  "python3-venv",
  "python3-pip",
  "python3-httpx",
  "python3-pytest",
  "python3-mypy",
  "python3-build",
  "python3-setuptools",
  "python3-wheel",
  "python3-pydantic",
  "python3-typing-extensions",
];
const MODULES = ["httpx", "pytest", "mypy", "build", "setuptools", "wheel", "pydantic", "venv", "pip"];

/**
 * Makes sure PYTHON has what the tests import. On Debian as root it installs the packages
 * above with apt-get (as ensureChromium does for the browser); anywhere else it says what to
 * install and stops npm test.
 */
export async function ensurePython() {
  if (hasModules()) return PYTHON;
  const debian = existsSync("/etc/debian_version");
  if (debian && process.getuid?.() === 0 && !process.env.PYTHON) {
    process.stdout.write("\n▶ Installing Debian's python3 packages for the Python SDK's tests (apt-get)\n");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const install = () => run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...PYTHON_PACKAGES], { env });
    let code = await install();
    if (code !== 0) {
      code = await run("apt-get", ["update", "-qq"], { env });
      if (code === 0) code = await install();
    }
    if (code === 0 && hasModules()) return PYTHON;
  }
  const hint = debian
    ? `Run as root: apt-get update && apt-get install -y ${PYTHON_PACKAGES.join(" ")}`
    : `Install Python 3.10 or later with ${MODULES.join(", ")}, then set PYTHON to its interpreter.`;
  process.stderr.write(`\n✖ ${PYTHON} lacks what the Python SDK's tests need. ${hint}\n`);
  process.exit(1);
}

function hasModules() {
  if (!existsSync(PYTHON) && !process.env.PYTHON) return false;
  const check = `import importlib.util, sys; sys.exit(0 if all(importlib.util.find_spec(m) for m in ${JSON.stringify(MODULES)}) else 1)`;
  return spawnSync(PYTHON, ["-c", check], { stdio: "ignore" }).status === 0;
}
