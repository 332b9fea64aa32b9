import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

/** pid, state and parent of a process from /proc (Linux), or undefined when it is gone. */
function procStat(pid: number): { state: string; ppid: number; command: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state = "", ppid = ""] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, ppid: Number.parseInt(ppid, 10), command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) };
  } catch {
    return undefined;
  }
}

/** Running: exists and is not a zombie (an exited orphan its new parent has not reaped yet). */
export function isRunning(pid: number): boolean {
  const stat = procStat(pid);
  return Boolean(stat && stat.state !== "Z");
}

/** Every live process below `pid` (children, grandchildren, ...) with its command name. */
export function descendantsOf(pid: number): { pid: number; command: string }[] {
  const children = new Map<number, { pid: number; command: string }[]>();
  for (const entry of readdirSync("/proc")) {
    const child = Number.parseInt(entry, 10);
    const stat = Number.isInteger(child) ? procStat(child) : undefined;
    if (!stat || stat.state === "Z") continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), { pid: child, command: stat.command }]);
  }
  const found: { pid: number; command: string }[] = [];
  for (let queue = [pid]; queue.length; ) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
