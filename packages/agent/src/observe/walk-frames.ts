import type { Frame, JSHandle } from "playwright-core";
import { loadInPageScript } from "../browser/in-page-script.ts";
import { pageFunction } from "./page-function.ts";

const inPage = (file: string) =>
  loadInPageScript(new URL(`./in-page/${file}`, import.meta.url))
    .trim()
    .replace(/;$/, "");
/** The walk, given the colour namer and widget hints it calls (all plain in-page scripts, see in-page/dom-walk.js). */
const DOM_WALK = pageFunction<unknown, unknown>(`(${inPage("dom-walk.js")})(${inPage("colour-name.js")}, ${inPage("widget-hints.js")})`);
/** A frame that does not answer in time (busy page, hung script) is left out; the main one gets longer. */
const FRAME_TIMEOUT_MS = 3_000;
const MAIN_FRAME_TIMEOUT_MS = 8_000;
const MAX_FRAME_DEPTH = 4;

export interface WalkLine {
  /** Top of the line in main-page coordinates (px). */
  y: number;
  t: string;
  /** Part of site navigation (nav, footer, aside, menus) rather than the page's own content. */
  c?: number;
  /** Where the page's main content starts: its main heading (main frame only). */
  m?: number;
}

interface RawLine {
  y: number;
  t?: string;
  f?: number;
  c?: number;
  m?: number;
}

interface WalkData {
  lines: RawLine[];
  /** Per element: its index in the previous walk of this document, or -1 when new. */
  idx: number[];
  desc: string[];
  title: string;
  scroll: { y: number; height: number; viewport: number; width: number };
  /** The walk stopped early: far more content below the viewport than any budget shows. */
  cut?: boolean;
}

/** Where an index points: the walk result of one frame and the element's position in it. */
export interface ElementRef {
  index: number;
  frame: Frame;
  result: JSHandle;
  position: number;
  /** Short description, e.g. `<button>Add to cart</button>`. */
  desc: string;
}

export interface FramesWalk {
  lines: WalkLine[];
  elements: Map<number, ElementRef>;
  scroll: WalkData["scroll"];
  title: string;
  /** The main frame was not read to its end (see WalkData.cut). */
  cut: boolean;
  /** Walk results per frame with the indexes given, to pass as `previous` next time (stable indexes). */
  results: Map<Frame, PreviousWalk>;
}

export interface PreviousWalk {
  result: JSHandle;
  indexes: number[];
}

interface FrameNode {
  frame: Frame;
  result: JSHandle;
  data: WalkData;
  reused: boolean;
  /** Child frames by the position of their <iframe> in this frame's walk (node null: unreadable). */
  children: Map<number, { frame: Frame; node: FrameNode | null }>;
  /** Final index of each element position, filled in once the whole tree is walked. */
  indexes: number[];
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function walkOne(
  frame: Frame,
  prev: PreviousWalk | undefined,
  maxChars: number,
): Promise<{ result: JSHandle; data: WalkData; reused: boolean }> {
  const run = async (p: PreviousWalk | undefined) => {
    const result = await frame.evaluateHandle(DOM_WALK, { prev: p?.result ?? null, prevIdx: p?.indexes ?? [], maxChars });
    // As one JSON string: far quicker to carry than Playwright's structured copy of many lines.
    const data = JSON.parse(await result.evaluate((r) => JSON.stringify((r as { data: unknown }).data))) as WalkData;
    return { result, data };
  };
  if (prev) {
    try {
      return { ...(await run(prev)), reused: true };
    } catch {
      // The previous result belongs to a document that is gone: walk afresh.
    }
  }
  return { ...(await run(undefined)), reused: false };
}

/** Walks a frame, then all its visible child frames in parallel. */
async function walkTree(frame: Frame, previous: Map<Frame, PreviousWalk>, depth: number, maxChars: number): Promise<FrameNode> {
  const limit = depth === 0 ? MAIN_FRAME_TIMEOUT_MS : FRAME_TIMEOUT_MS;
  const { result, data, reused } = await withTimeout(walkOne(frame, previous.get(frame), maxChars), limit, "reading the frame");
  const node: FrameNode = { frame, result, data, reused, children: new Map(), indexes: [] };
  if (depth >= MAX_FRAME_DEPTH) return node;
  const wanted = new Set(data.lines.filter((l) => l.f !== undefined).map((l) => l.f));
  if (wanted.size === 0) return node;
  await Promise.all(
    frame.childFrames().map(async (child) => {
      if (child.isDetached()) return;
      try {
        const owner = await withTimeout(child.frameElement(), FRAME_TIMEOUT_MS, "locating the frame");
        const pos = await result.evaluate((r, el) => (r as { frames: unknown[] }).frames.indexOf(el), owner);
        void owner.dispose().catch(() => {});
        if (!wanted.has(pos)) return;
        node.children.set(pos, { frame: child, node: await walkTree(child, previous, depth + 1, maxChars).catch(() => null) });
      } catch {
        // the frame went away while we looked
      }
    }),
  );
  return node;
}

/**
 * Walks the main frame and, recursively, every visible iframe (same- or cross-origin, in
 * parallel), then numbers the elements: an element seen in the previous walk keeps its index,
 * new ones get the next free numbers in reading order (from 1 again on a new main document).
 */
export async function walkFrames(
  mainFrame: Frame,
  previous: Map<Frame, PreviousWalk>,
  counter: { next: number },
  maxChars = 0,
): Promise<FramesWalk> {
  const root = await walkTree(mainFrame, previous, 0, maxChars);
  if (!root.reused) counter.next = 1;
  const elements = new Map<number, ElementRef>();
  const results = new Map<Frame, PreviousWalk>();

  function number(node: FrameNode) {
    node.indexes = node.data.idx.map((known) => (known >= 0 && root.reused ? known : counter.next++));
    results.set(node.frame, { result: node.result, indexes: node.indexes });
    node.indexes.forEach((index, position) => {
      counter.next = Math.max(counter.next, index + 1);
      // \u0001 and \u0002 delimit element markers in the in-page text (see in-page/dom-walk.js).
      // eslint-disable-next-line no-control-regex
      const desc = (node.data.desc[position] ?? "").replace(/\u0001\d*\u0002?|\u0002/g, "");
      elements.set(index, { index, frame: node.frame, result: node.result, position, desc });
    });
    for (const line of node.data.lines) {
      const child = line.f === undefined ? undefined : node.children.get(line.f)?.node;
      if (child) number(child);
    }
  }
  number(root);

  function render(node: FrameNode): WalkLine[] {
    const lines: WalkLine[] = [];
    for (const line of node.data.lines) {
      if (line.t !== undefined) {
        const t = line.t
          // eslint-disable-next-line no-control-regex
          .replace(/\u0001(\d+)\u0002/g, (_, p: string) => `[${node.indexes[Number(p)] ?? "?"}]`)
          // eslint-disable-next-line no-control-regex
          .replace(/\u0001\d*|\u0002/g, "");
        lines.push(line.m ? { y: line.y, t, c: line.c, m: 1 } : { y: line.y, t, c: line.c });
        continue;
      }
      const entry = line.f === undefined ? undefined : node.children.get(line.f);
      if (!entry) continue;
      const child = entry.node;
      const label = `iframe ${shortUrl(entry.frame.url())}`;
      if (!child) {
        lines.push({ y: line.y, t: `[${label}: could not be read]` });
        continue;
      }
      lines.push({ y: line.y, t: `[${label}]` });
      for (const l of render(child)) lines.push({ y: line.y + Math.max(0, l.y - child.data.scroll.y), t: l.t, c: l.c });
      lines.push({ y: line.y, t: "[end of iframe]" });
    }
    return lines;
  }

  return { lines: render(root), elements, scroll: root.data.scroll, title: root.data.title, cut: !!root.data.cut, results };
}

function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === "about:") return url;
    const path = u.pathname.length > 40 ? `${u.pathname.slice(0, 40)}…` : u.pathname;
    return `${u.host}${path}`;
  } catch {
    return url.slice(0, 60);
  }
}
