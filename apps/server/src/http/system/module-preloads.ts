import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * From the web build's manifest: the files of a lazy page module and of everything it imports
 * statically, minus the entry chunk (already loaded), as URLs to preload.
 */
export function readModulePreloads(webDir: string): (module: string) => string[] {
  const file = path.join(webDir, ".vite/manifest.json");
  if (!existsSync(file)) return () => [];
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const cache = new Map<string, string[]>();
  return (module) => {
    const known = cache.get(module);
    if (known) return known;
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || seen.has(key)) return;
      seen.add(key);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    visit(module);
    const urls = [...seen].map((key) => `/${manifest[key]!.file}`);
    cache.set(module, urls);
    return urls;
  };
}
