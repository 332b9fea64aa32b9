import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The page function the recorder hands its events to, and the one the worker calls to flush what is buffered. */
export const RECORDING_BINDING = "__errandSessionRecording";
export const RECORDING_FLUSH = "__errandSessionRecordingFlush";

/**
 * Events are sent in batches (one call per batch, not per event): a binding call is a round trip
 * to the worker. A batch leaves at most FLUSH_AFTER_MS after its first event, and a page's full
 * snapshot at once: a page the agent leaves within moments (a two-step page answered at once)
 * would otherwise lose its events, as a call started while the page unloads may never arrive.
 */
const FLUSH_AFTER_MS = 100;
const FLUSH_AT_EVENTS = 100;
/** rrweb's event type of a page's full snapshot. */
const FULL_SNAPSHOT = 2;

let cached: string | undefined;

/**
 * The init script every document of a run's context runs (docs/adr/0047-session-recordings.md):
 * rrweb's recorder, kept inside a closure so the page sees no `rrweb` global, recording the top
 * frame (rrweb follows same-origin frames itself) with password fields masked in the page.
 */
export function sessionRecordingScript(): string {
  cached ??= buildScript();
  return cached;
}

function buildScript(): string {
  // rrweb's recorder alone (77 KB against rrweb's 282 KB with its replayer): every document of a
  // run evaluates it, and the whole bundle cost about 14 ms of Chromium CPU per page on a slow
  // machine (docs/adr/0047-session-recordings.md). The package exports only its entry points; its
  // self-contained bundle sits beside them.
  const entry = createRequire(import.meta.url).resolve("@rrweb/record");
  const bundle = withElementMethodsAsMethods(readFileSync(path.join(path.dirname(entry), "record.umd.min.cjs"), "utf8"));
  // The bundle sits in a function that is only called for a web page's top document: a frame or
  // the blank tab every run starts on only pre-parses it, and records nothing (ADR 0047, "Blank
  // tabs and frames").
  return `(() => {
  if (window !== window.top || !/^https?:$/.test(location.protocol)) return;
  const load = function () {
    const module = { exports: {} };
    const exports = module.exports;
    ${bundle}
    return module.exports;
  };
  const rrweb = load();
  let buffer = [];
  let timer = 0;
  const flush = () => {
    clearTimeout(timer);
    timer = 0;
    if (buffer.length === 0) return;
    const batch = JSON.stringify(buffer);
    buffer = [];
    const send = window[${JSON.stringify(RECORDING_BINDING)}];
    // The promise lets the worker's last flush wait until the batch has arrived.
    if (typeof send === "function") return send(batch).catch(() => undefined);
  };
  Object.defineProperty(window, ${JSON.stringify(RECORDING_FLUSH)}, { value: flush, enumerable: false });
  rrweb.record({
    emit(event) {
      buffer.push(event);
      if (event.type === ${FULL_SNAPSHOT} || buffer.length >= ${FLUSH_AT_EVENTS}) flush();
      else if (!timer) timer = setTimeout(flush, ${FLUSH_AFTER_MS});
    },
    maskAllInputs: true,
    recordCanvas: false,
    collectFonts: false,
    sampling: { mousemove: 100, scroll: 150, input: "last" },
  });
  addEventListener("pagehide", flush);
})();`;
}

/**
 * rrweb checks the page's DOM prototypes for patches before it uses them, and reads a patched one
 * from a fresh hidden iframe instead. Its list has `querySelector` and `querySelectorAll` among
 * Element's getters, which they are not, so the check fails on every page and every document of a
 * run built, loaded and removed an iframe (twice, one per copy of the check in the bundle), which
 * Playwright and our other init scripts then attended to as well: most of what recording cost per
 * step (docs/adr/0047-session-recordings.md, "Shipping"). They are checked as methods here, as
 * rrweb means to; a page that did patch them still gets the iframe.
 */
export function withElementMethodsAsMethods(bundle: string): string {
  return bundle.replace(
    ELEMENT_LISTS,
    (_all, between: string) => `Element:["shadowRoot"]${between}Element:["querySelector","querySelectorAll"]`,
  );
}

/** The getter list's Element entry, then (after MutationObserver's and the methods list's start) the method list's. */
const ELEMENT_LISTS =
  /Element:\["shadowRoot","querySelector","querySelectorAll"\](,MutationObserver:\[\]\},[\w$]+=\{Node:\["contains","getRootNode"\],ShadowRoot:\["getSelection"\],)Element:\[\]/g;
