import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** The app as files: the manifest and every JSON code file it names, by path relative to the app's folder. */
export interface MakeApp {
  manifest: Manifest;
  files: Record<string, unknown>;
}

export type ComponentType = "connection" | "webhook" | "module" | "rpc" | "function" | "endpoint";

export interface Component {
  label?: string;
  description?: string;
  moduleType?: string;
  connection?: string | null;
  webhook?: string | null;
  codeFiles: Record<string, string | null>;
}

export interface Manifest {
  generalCodeFiles: Record<string, string | null>;
  components: Partial<Record<ComponentType, Record<string, Component>>>;
}

/** Which of our schemas a code file follows; anything else is an error (a code kind we did not describe). */
export function schemaFileFor(componentType: ComponentType | "general", codeType: string): string {
  if (componentType === "general") {
    if (codeType === "base") return "base.schema.json";
  } else if (codeType === "communication") {
    return componentType === "webhook" ? "webhook-communication.schema.json" : "communication.schema.json";
  } else if (["params", "staticParams", "mappableParams", "interface"].includes(codeType)) {
    return "parameters.schema.json";
  } else if (codeType === "samples") {
    return "samples.schema.json";
  } else if (codeType === "attach" || codeType === "detach") {
    return "communication.schema.json";
  }
  throw new Error(`No schema describes ${componentType} code "${codeType}"`);
}

/** Every code file the manifest names, as [component type, component id, code type, path]. */
export function codeFilesOf(manifest: Manifest): Array<[ComponentType | "general", string, string, string]> {
  const out: Array<[ComponentType | "general", string, string, string]> = [];
  for (const [code, path] of Object.entries(manifest.generalCodeFiles)) if (path) out.push(["general", "", code, path]);
  for (const [type, components] of Object.entries(manifest.components) as Array<[ComponentType, Record<string, Component>]>) {
    for (const [id, component] of Object.entries(components)) {
      for (const [code, path] of Object.entries(component.codeFiles)) if (path) out.push([type, id, code, path]);
    }
  }
  return out;
}

export function loadMakeApp(root: string): MakeApp {
  const manifest = JSON.parse(readFileSync(join(root, "makecomapp.json"), "utf8")) as Manifest;
  const files: Record<string, unknown> = {};
  for (const [, , , path] of codeFilesOf(manifest)) {
    if (path.endsWith(".json")) files[path] = JSON.parse(readFileSync(join(root, path), "utf8")) as unknown;
  }
  return { manifest, files };
}

/** Code files on disk (the app's component folders), to find files the manifest forgot. */
export function codeFilesOnDisk(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  for (const dir of ["general", "connections", "modules", "rpcs", "webhooks"]) walk(join(root, dir));
  return out.sort();
}
