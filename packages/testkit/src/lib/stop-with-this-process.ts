import type { ChildProcess } from "node:child_process";

const running = new Set<ChildProcess>();
let listening = false;

/**
 * Kills a server a test started when the test process exits without stopping it (a failed
 * hook, a worker vitest ends): left running against a database that is gone, such servers
 * outlived the test run.
 */
export function stopWithThisProcess(child: ChildProcess): void {
  if (!listening) process.once("exit", killRunning);
  listening = true;
  running.add(child);
  child.once("exit", () => running.delete(child));
}

function killRunning() {
  for (const child of running) child.kill("SIGKILL");
}
