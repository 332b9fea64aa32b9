// The repository's npm workspaces, which one owns a file, and where an import specifier leads.
// Shared by the eslint rules (scripts/lint/eslint-plugin.mjs) and the import-cycle check.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** @typedef {{ name: string, dir: string, relDir: string, manifest: any }} Workspace */

const cache = new Map();

/**
 * The workspaces of the repository at `root` (from its package.json's "workspaces"), and the root
 * itself as the owner of everything outside them (e2e/, bench/, scripts/...).
 * @returns {{ root: string, rootManifest: any, workspaces: Workspace[], byName: Map<string, Workspace> }}
 */
export function readRepo(root) {
  const key = path.resolve(root);
  const cached = cache.get(key);
  if (cached) return cached;
  const rootManifest = readJson(path.join(key, "package.json"));
  const workspaces = [];
  for (const pattern of rootManifest.workspaces ?? []) {
    for (const dir of expandWorkspacePattern(key, pattern)) {
      const file = path.join(dir, "package.json");
      if (!existsSync(file)) continue;
      const manifest = readJson(file);
      workspaces.push({ name: manifest.name, dir, relDir: toPosix(path.relative(key, dir)), manifest });
    }
  }
  const repo = { root: key, rootManifest, workspaces, byName: new Map(workspaces.map((w) => [w.name, w])) };
  cache.set(key, repo);
  return repo;
}

const rootOfFolder = new Map();

/**
 * The repository a file belongs to: the nearest folder above it whose package.json has
 * "workspaces" (so eslint run from a sub-folder sees the same repository), else `fallback`.
 */
export function repoRootOf(file, fallback) {
  const start = path.dirname(path.resolve(file));
  if (rootOfFolder.has(start)) return rootOfFolder.get(start) ?? fallback;
  let found;
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && readJson(manifest).workspaces) {
      found = dir;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  rootOfFolder.set(start, found);
  return found ?? fallback;
}

/** The workspace whose folder holds `file`, or undefined for a file of the root (e2e/, scripts/...). */
export function workspaceOf(repo, file) {
  const abs = path.resolve(repo.root, file);
  return repo.workspaces.find((w) => abs === w.dir || abs.startsWith(w.dir + path.sep));
}

/** "@scope/name" or "name" of a bare specifier ("@errand/db/testing" -> "@errand/db"); undefined for relative, absolute and node: ones. */
export function packageNameOf(specifier) {
  if (specifier.startsWith(".") || specifier.startsWith("/") || /^[a-z]+:/i.test(specifier)) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".mjs", ".cjs", ".jsx", ".json"];

/**
 * The file an import specifier leads to from `fromFile`: relative specifiers (with or without an
 * extension, `.js` written for `.ts`, folder index files) and workspace packages through their
 * package.json "exports" (or "main"). Undefined for third-party packages and built-ins.
 */
export function resolveSpecifier(repo, fromFile, specifier) {
  if (specifier.startsWith(".")) return resolveFile(path.resolve(path.dirname(fromFile), specifier));
  const name = packageNameOf(specifier);
  const workspace = name && repo.byName.get(name);
  if (!workspace) return undefined;
  const subpath = "." + specifier.slice(name.length);
  const target = exportTarget(workspace.manifest, subpath);
  return target ? resolveFile(path.join(workspace.dir, target)) : undefined;
}

function exportTarget(manifest, subpath) {
  const exports = manifest.exports;
  if (exports === undefined) return subpath === "." ? (manifest.main ?? "index.js") : subpath;
  if (typeof exports === "string") return subpath === "." ? exports : undefined;
  const entry = exports[subpath];
  if (typeof entry === "string") return entry;
  if (entry && typeof entry === "object") return entry.types ?? entry.import ?? entry.default;
  return undefined;
}

function resolveFile(candidate) {
  if (isFile(candidate)) return candidate;
  const withoutJs = candidate.replace(/\.(m|c)?jsx?$/, "");
  for (const ext of EXTENSIONS) {
    if (isFile(withoutJs + ext)) return withoutJs + ext;
  }
  for (const ext of EXTENSIONS) {
    if (isFile(path.join(candidate, "index" + ext))) return path.join(candidate, "index" + ext);
  }
  return undefined;
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function expandWorkspacePattern(root, pattern) {
  if (!pattern.endsWith("/*")) return [path.join(root, pattern)];
  const parent = path.join(root, pattern.slice(0, -2));
  if (!existsSync(parent)) return [];
  return readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(parent, entry.name))
    .sort();
}

function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

export function toPosix(file) {
  return file.split(path.sep).join("/");
}
