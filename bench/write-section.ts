import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Replaces one benchmark's section of docs/benchmarks.md (from its heading to the next), or appends it. */
export function writeBenchSection(heading: string, section: string) {
  const file = path.resolve(import.meta.dirname, "../docs/benchmarks.md");
  const doc = readFileSync(file, "utf8");
  const start = doc.indexOf(heading);
  if (start === -1) return writeFileSync(file, `${doc.trimEnd()}\n\n${section}`);
  const next = doc.indexOf("\n## ", start + heading.length);
  writeFileSync(file, doc.slice(0, start) + section + (next === -1 ? "" : doc.slice(next)));
}
