// The CPU time of the Chromium processes this bench started (Linux's /proc): what a page's scripts
// cost shows there, not in the Node process's own CPU.
import { readdirSync, readFileSync } from "node:fs";

export const TICK_MS = 1000 / 100; // USER_HZ

/** This process's descendants (the browser, its renderers, GPU and utility processes; the bench's servers). */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const stack = [...(children.get(root) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** CPU ms so far of each Chromium process under this one, by pid. */
export function chromiumCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of descendants(process.pid)) {
    try {
      if (!/chrom/i.test(readFileSync(`/proc/${pid}/comm`, "utf8"))) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // gone
    }
  }
  return out;
}

/** CPU ms Chromium used since `before` (processes started since count from zero; ones gone since are lost). */
export function chromiumCpuSince(before: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of chromiumCpu()) used += ms - (before.get(pid) ?? 0);
  return used;
}
