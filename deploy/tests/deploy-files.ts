import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

/** The repository root and the deploy folder, for the tests that read the deploy files. */
export const ROOT = path.resolve(import.meta.dirname, "../..");
export const DEPLOY = path.join(ROOT, "deploy");
export const CHART = path.join(DEPLOY, "helm/errand");

export const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
// merge: Compose files share settings with `<<: *anchor`.
export const readYaml = (file: string) => parse(read(file), { merge: true }) as Record<string, unknown>;

/** The chart's templates by file name (Go templates: read as text, not YAML). */
export function chartTemplates(): Map<string, string> {
  const dir = path.join(CHART, "templates");
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), "utf8")]));
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
export function dockerInstructions(): { op: string; args: string }[] {
  return read("deploy/Dockerfile")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [op = "", ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(" ") };
    });
}

/** Names the image sets with ENV in its last stage (the runtime). */
export function imageEnv(): Map<string, string> {
  const instructions = dockerInstructions();
  const lastFrom = instructions.map((i) => i.op).lastIndexOf("FROM");
  const env = new Map<string, string>();
  for (const { op, args } of instructions.slice(lastFrom)) {
    if (op !== "ENV") continue;
    for (const [, name, value] of args.matchAll(/([A-Z][A-Z0-9_]*)=(\S+)/g)) env.set(name!, value!);
  }
  return env;
}
