import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The web build's source of the script a server-rendered page loads first (ADR 0063). */
export const LOAD_AFTER_PAINT_SOURCE = "src/load-after-paint.ts";

export interface WebManifest {
  /** The URLs of a lazy page module and of everything it imports statically, minus the entry chunk (already loaded). */
  preloads(module: string): string[];
  /** The URL of the loader that fetches a rendered page's scripts after its first paint; absent in an older build. */
  loadAfterPaint?: string;
}

/** What the server reads from the web build's manifest: the files to preload and the rendered pages' loader. */
export function readWebManifest(webDir: string): WebManifest {
  const file = path.join(webDir, ".vite/manifest.json");
  if (!existsSync(file)) return { preloads: () => [] };
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const cache = new Map<string, string[]>();
  const loader = manifest[LOAD_AFTER_PAINT_SOURCE];
  return {
    loadAfterPaint: loader ? `/${loader.file}` : undefined,
    preloads(module) {
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
    },
  };
}
