import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey } from "./file-storage.ts";

export interface LocalFile {
  key: string;
  path: string;
  size: number;
  contentType: string;
}

/**
 * The files local storage holds under `root`: each key is a file with its media type beside it
 * in `<key>.type`. A file without its `.type` (a write cut short) is listed as incomplete;
 * `.tmp` leftovers are not files. A missing root holds nothing.
 */
export async function listLocalFiles(root: string): Promise<{ files: LocalFile[]; incomplete: string[] }> {
  const files: LocalFile[] = [];
  const incomplete: string[] = [];
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const names = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(full);
        continue;
      }
      if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
      if (entry.name.endsWith(".type") && names.has(entry.name.slice(0, -".type".length))) continue;
      const key = path.relative(root, full).split(path.sep).join("/");
      if (!names.has(`${entry.name}.type`) || !isKey(key)) {
        incomplete.push(key);
        continue;
      }
      const [info, contentType] = await Promise.all([stat(full), readFile(`${full}.type`, "utf8")]);
      files.push({ key, path: full, size: info.size, contentType: contentType.trim() });
    }
  }
  await walk(root);
  return { files, incomplete };
}

function isKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}
