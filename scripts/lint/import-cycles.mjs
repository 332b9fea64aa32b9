// Import circles, type-only imports included: every import, `export ... from`, `import type`,
// `import("...")` (in code or in a type) and `require("...")` between our own files is an edge;
// each strongly connected component of more than one file (or a file importing itself) is a
// circle, printed as a chain of files. Why types count: docs/adr/0017-enforced-boundaries.md.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { readRepo, resolveSpecifier, toPosix } from "./workspaces.mjs";

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Folders never scanned: installed, built, generated or scratch output. */
export const SKIPPED_FOLDERS = new Set([
  "node_modules",
  "dist",
  "data",
  ".tmp",
  ".scratch",
  "test-results",
  "playwright-report",
  "migrations",
  ".git",
]);

/** Every source file under `root`, relative paths with forward slashes, sorted. */
export function listSourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = toPosix(path.relative(root, full));
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(full);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        files.push(rel);
      }
    }
  };
  walk(root);
  return files.sort();
}

/** file -> the files it imports (relative paths), for every source file under `root`. */
export function buildImportGraph(root) {
  const repo = readRepo(root);
  const files = listSourceFiles(repo.root);
  const known = new Set(files);
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const file of files) {
    const abs = path.join(repo.root, file);
    const { importedFiles } = ts.preProcessFile(readFileSync(abs, "utf8"), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const resolved = resolveSpecifier(repo, abs, fileName);
      if (!resolved) continue;
      const rel = toPosix(path.relative(repo.root, resolved));
      if (known.has(rel)) targets.add(rel);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The circles of `graph`: each a list of files in import order, the first file imported back by the last. */
export function findCycles(graph) {
  return stronglyConnected(graph)
    .filter((component) => component.length > 1 || (graph.get(component[0]) ?? []).includes(component[0]))
    .map((component) => chainThrough(graph, component))
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** Tarjan's algorithm, iterative (a deep import chain must not overflow the stack). */
function stronglyConnected(graph) {
  let nextIndex = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, edge: 0 }];
    index.set(start, nextIndex);
    low.set(start, nextIndex++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const next = edges[frame.edge++];
        if (!index.has(next)) {
          index.set(next, nextIndex);
          low.set(next, nextIndex++);
          stack.push(next);
          onStack.add(next);
          work.push({ node: next, edge: 0 });
        } else if (onStack.has(next)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(next)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  }
  return components;
}

/**
 * A readable chain for a component: the shortest way from its first file back to itself, then
 * any member not on that way, each reached by its shortest path from the chain (so every file
 * of the circle is named and each arrow is a real import).
 */
function chainThrough(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const chain = shortestPath(graph, members, start, start) ?? [start];
  for (const file of component) {
    if (chain.includes(file)) continue;
    const detour = shortestPath(graph, members, file, file);
    if (detour) chain.push("|", ...detour);
  }
  return chain;
}

/** The shortest list of files from `from` to `to` (at least one import long) within `members`. */
function shortestPath(graph, members, from, to) {
  const previous = new Map();
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    for (const next of graph.get(queue[i]) ?? []) {
      if (!members.has(next)) continue;
      if (next === to) {
        const chain = [queue[i]];
        while (chain[0] !== from) chain.unshift(previous.get(chain[0]));
        return chain;
      }
      if (!previous.has(next) && next !== from) {
        previous.set(next, queue[i]);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** A circle as text: "a.ts -> b.ts -> a.ts". */
export function describeCycle(chain) {
  const text = [];
  let segmentStart = chain[0];
  for (let i = 0; i < chain.length; i++) {
    if (chain[i] === "|") {
      text.push(`${segmentStart}\n    and `);
      segmentStart = chain[i + 1];
      continue;
    }
    text.push(chain[i] + " -> ");
  }
  return text.join("").replace(/ -> $/, "") + ` -> ${segmentStart}`;
}

/**
 * The circles under `root`, split into those every file of which is listed in `known` (a
 * temporary allow list, scripts/lint/known-violations.json) and the new ones, which fail the lint.
 */
export function checkImportCycles(root, known = []) {
  const allowed = new Set(known);
  const cycles = findCycles(buildImportGraph(root));
  const isKnown = (chain) => chain.every((file) => file === "|" || allowed.has(file));
  return { cycles, fresh: cycles.filter((c) => !isKnown(c)), tolerated: cycles.filter(isKnown) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? ".");
  const started = Date.now();
  const cycles = findCycles(buildImportGraph(root));
  for (const chain of cycles) process.stdout.write(`${describeCycle(chain)}\n\n`);
  process.stdout.write(`${cycles.length} import circle(s), ${Date.now() - started} ms\n`);
}
