import { stopWithThisProcess, testBrowserPath } from "@errand/testkit";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bin/errand.mjs");

export interface CliProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when the output matches, rejects on exit or timeout. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Starts `errand <args>` as a real process with the given environment (added to a clean base).
 * `groupLeader`: in a process group of its own, so a test can signal the group as a terminal's
 * Ctrl-C does (`process.kill(-child.pid, "SIGINT")`).
 */
export function spawnCli(
  args: string[],
  env: Record<string, string>,
  options: { groupLeader?: boolean /** Written to its standard input, then closed. */; input?: string } = {},
): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      BROWSER_PATH: testBrowserPath(),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    detached: options.groupLeader ?? false,
  });
  stopWithThisProcess(child);
  if (options.input !== undefined) child.stdin!.end(options.input);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${pattern}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
