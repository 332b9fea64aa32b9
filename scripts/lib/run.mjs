import { spawn } from "node:child_process";

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** `onFailure` runs before the exit (e.g. to print logs that explain the failure). */
export async function runOrExit(label, command, args, options, onFailure) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${label}\n`);
  const code = await run(command, args, options);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    onFailure?.();
    process.stderr.write(`\n✖ ${label} failed (exit ${code}, ${seconds} s)\n`);
    process.exit(code);
  }
  process.stdout.write(`✔ ${label} (${seconds} s)\n`);
}
