import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";

/** The stages' processes now running, and whether a signal is stopping them (no failure reports then). */
const running = new Set();
let stopping = false;

/**
 * `npm test` runs its checks in lanes that go on at the same time, each lane's stages one after
 * another (docs/adr/0029-test-lanes.md): the tests wait on browsers, timers and round trips for
 * part of their time, and the static checks' lane fills those waits. A stage's output goes to its
 * own log, printed when the stage fails, so that the lanes' lines do not mix.
 *
 * A stage: { label, command, args, cwd, env, log, background?, explain?(): string }.
 * `background` stages (the static checks) run at a lower CPU priority, so that they take the
 * time the tests leave and do not slow what the tests wait for.
 * Resolves with the failed stages' labels (a lane stops at its first failure).
 */
export async function runLanes(lanes) {
  const failed = [];
  await Promise.all(
    lanes.map(async (stages) => {
      for (const stage of stages) {
        const ok = await runStage(stage);
        if (!ok) {
          failed.push(stage.label);
          return;
        }
      }
    }),
  );
  return failed;
}

async function runStage(stage) {
  const started = Date.now();
  process.stdout.write(`▶ ${stage.label}\n`);
  const code = await new Promise((resolve) => {
    const log = createWriteStream(stage.log);
    const child = spawn(stage.command, stage.args, { cwd: stage.cwd, env: stage.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    if (stage.background) lowerPriority(child.pid);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let failedToStart = false;
    child.on("error", (error) => {
      // A command that cannot start: said in its log, then "close" follows.
      failedToStart = true;
      log.write(`${error.message}\n`);
    });
    child.on("close", (exitCode, signal) => {
      running.delete(child);
      log.end(() => resolve(failedToStart ? 127 : (exitCode ?? (signal ? 128 : 1))));
    });
  });
  if (stopping) return false;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code === 0) {
    process.stdout.write(`✔ ${stage.label} (${seconds} s)\n`);
    return true;
  }
  process.stderr.write(`\n--- ${stage.label}: last lines of its output ---\n${tail(stage.log, 200)}\n---\n`);
  const explanation = stage.explain?.();
  if (explanation) process.stderr.write(explanation);
  process.stderr.write(`✖ ${stage.label} failed (exit ${code}, ${seconds} s)\n`);
  return false;
}

/**
 * Passes a signal on to the running stages and resolves once they have ended (or after
 * `graceMs`): what they write as they stop (vitest its report) lands before the caller removes
 * their folder.
 */
export function stopLanes(signal, graceMs = 20_000) {
  stopping = true;
  const ended = [...running].map((child) => new Promise((resolve) => child.once("close", resolve)));
  for (const child of running) child.kill(signal);
  return Promise.race([Promise.all(ended), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
}

function lowerPriority(pid) {
  try {
    setPriority(pid, 10);
  } catch {
    // Not allowed here: the stage runs at the usual priority.
  }
}

export function tail(file, lines) {
  if (!existsSync(file)) return "";
  return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}
