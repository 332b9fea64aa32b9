import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** What postmaster.pid says about the Postgres holding a cluster (see Postgres' miscadmin.h). */
export interface PostmasterInfo {
  pid: number;
  port: number;
  host: string;
  /** "starting", "stopping", "ready" or "standby". */
  status: string;
}

/**
 * The process that starts the cluster's Postgres writes an owner file beside the cluster: its own
 * pid and the postmaster's. Only that process ever stops it; any other live process uses it.
 */
export interface PostgresOwner {
  pid: number;
  postmasterPid: number;
}

export type ClusterState =
  | { kind: "stopped" }
  | { kind: "running"; postmaster: PostmasterInfo; ownerPid: number }
  | { kind: "leftover"; postmaster: PostmasterInfo };

export async function readPostmaster(clusterDir: string): Promise<PostmasterInfo | undefined> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(clusterDir, "postmaster.pid"), "utf8")).split("\n");
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const listen = (lines[5] ?? "").trim().split(/[\s,]+/)[0] ?? "";
  return {
    pid,
    port,
    host: !listen || listen === "*" || listen === "0.0.0.0" ? "127.0.0.1" : listen,
    status: (lines[7] ?? "").trim(),
  };
}

export async function readOwner(ownerFile: string): Promise<PostgresOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(ownerFile, "utf8")) as Partial<PostgresOwner>;
    return Number.isInteger(owner.pid) && Number.isInteger(owner.postmasterPid) ? (owner as PostgresOwner) : undefined;
  } catch {
    return undefined;
  }
}

export async function writeOwner(ownerFile: string, owner: PostgresOwner): Promise<void> {
  await writeFile(ownerFile, `${JSON.stringify(owner)}\n`, { mode: 0o644 });
}

/**
 * Running (its owner is alive and still its parent: use it, never stop it), leftover (its owner
 * was killed, e.g. kill -9: stop it and start again) or stopped. The parent check makes a
 * reused pid of a dead owner harmless: an orphaned postmaster is adopted by init, never by it.
 */
export async function inspectCluster(clusterDir: string, ownerFileOf: (postmasterPid: number) => string): Promise<ClusterState> {
  const postmaster = await readPostmaster(clusterDir);
  if (!postmaster || !isAlive(postmaster.pid)) return { kind: "stopped" };
  const owner = await readOwner(ownerFileOf(postmaster.pid));
  if (!owner || owner.postmasterPid !== postmaster.pid || !isAlive(owner.pid)) return { kind: "leftover", postmaster };
  const parent = parentPid(postmaster.pid);
  if (parent !== undefined && parent !== owner.pid) return { kind: "leftover", postmaster };
  return { kind: "running", postmaster, ownerPid: owner.pid };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // An exited orphan stays a zombie until its new parent reaps it (not every init does).
  return processState(pid) !== "Z";
}

function processState(pid: number): string | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    return procStatFields(pid)[0];
  } catch {
    return undefined;
  }
}

/** The fields of /proc/<pid>/stat after "pid (comm) ": state, ppid, ... (comm may hold spaces). */
function procStatFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The parent of a process, or undefined where it cannot be read (the owner's liveness decides). */
export function parentPid(pid: number): number | undefined {
  try {
    if (process.platform === "linux") {
      const ppid = Number.parseInt(procStatFields(pid)[1] ?? "", 10);
      return Number.isInteger(ppid) ? ppid : undefined;
    }
    if (process.platform === "win32") return undefined;
    const ppid = Number.parseInt(execFileSync("ps", ["-o", "ppid=", "-p", String(pid)], { encoding: "utf8" }).trim(), 10);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}
