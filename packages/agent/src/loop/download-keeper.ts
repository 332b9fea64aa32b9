import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { formatFileSize, guessContentType, safeFileName } from "@errand/contract";
import type { BrowserContext, Download, Page } from "playwright-core";
import { pageSession } from "../browser/page-session.ts";
import type { AgentInput } from "../types/agent.ts";
import type { AgentFile } from "../types/files.ts";

export interface DownloadKeeper {
  /** Downloads the sites started so far (an action that started one may have opened a tab just for it). */
  started(): number;
  /** Resolves when no download is running any more, or after maxMs. */
  settle(maxMs: number): Promise<void>;
  /** The downloads that finished since the last call: they belong to the step being reported. */
  take(): AgentFile[];
  dispose(): Promise<void>;
}

/** A download as both Playwright and the browser's progress events know it. */
const key = (url: string, name: string) => `${url}\n${name}`;

type Settings = NonNullable<AgentInput["downloads"]>;

/** What the keeper knows of the run's downloads; its parts below read and update it. */
interface Book {
  settings?: Settings;
  note(text: string): void;
  /** Downloads the sites started. */
  count: number;
  /** Downloads kept or being kept: a run keeps at most settings.maxFiles. */
  slots: number;
  running: Set<Promise<void>>;
  /** In flight, by url and suggested name: how the browser's progress events find them. */
  live: Map<string, Download>;
  /** Downloads the browser reported past the limit (possibly before Playwright announced them). */
  oversized: Set<string>;
  finished: AgentFile[];
  /** Listeners on the pages' shared sessions, removed on dispose (the sessions stay with their pages). */
  unlisten: (() => void)[];
  disposed: boolean;
}

/**
 * Watches every tab of the run for downloads. With `settings`, each one is written under
 * settings.dir as `<n>-<name>`, up to maxBytes (larger ones are stopped while they arrive, as
 * far as the browser reports its progress, else once they have) and maxFiles; without, each is
 * cancelled. Every outcome is told to the model through `note`, by file name only.
 */
export function createDownloadKeeper(
  context: BrowserContext,
  opts: { settings?: AgentInput["downloads"]; note(text: string): void },
): DownloadKeeper {
  const book: Book = {
    settings: opts.settings,
    note: opts.note,
    count: 0,
    slots: 0,
    running: new Set(),
    live: new Map(),
    oversized: new Set(),
    finished: [],
    unlisten: [],
    disposed: false,
  };
  const watched = new WeakSet<Page>();
  const onDownload = (download: Download) => takeDownload(book, download);
  const watch = (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    page.on("download", onDownload);
    if (book.settings) void watchProgress(book, book.settings.maxBytes, page);
  };
  for (const page of context.pages()) watch(page);
  context.on("page", watch);

  const settle = async (maxMs: number) => {
    if (book.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...book.running]),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, maxMs)))),
    ]);
    clearTimeout(timer);
  };

  return {
    started: () => book.count,
    settle,
    take: () => book.finished.splice(0),
    async dispose() {
      book.disposed = true;
      context.off("page", watch);
      for (const page of context.pages()) page.off("download", onDownload);
      for (const download of book.live.values()) void download.cancel().catch(() => {});
      await settle(2_000);
      for (const off of book.unlisten.splice(0)) off();
      // Finished after the last step was reported: no step names them, so nothing keeps them.
      await Promise.all(book.finished.splice(0).map((f) => rm(f.path, { force: true })));
    },
  };
}

/** A download a site started: kept in a slot of its own, or cancelled (none kept in this run, or no slot left). */
function takeDownload(book: Book, download: Download) {
  book.count++;
  const name = safeFileName(download.suggestedFilename());
  const settings = book.settings;
  if (!settings || book.disposed) {
    void download.cancel().catch(() => {});
    if (!book.disposed) book.note(`The site started the download ${name}; it was cancelled. Downloads are not kept in this run.`);
    return;
  }
  if (book.slots >= settings.maxFiles) {
    void download.cancel().catch(() => {});
    book.note(
      `The download ${name} was cancelled: a run keeps at most ${settings.maxFiles} download${settings.maxFiles === 1 ? "" : "s"}.`,
    );
    return;
  }
  const number = ++book.slots;
  const task = keep(book, settings, download, name, number).finally(() => book.running.delete(task));
  book.running.add(task);
}

/** Writes one download under settings.dir; a stopped or failed one gives its slot back. */
async function keep(book: Book, settings: Settings, download: Download, name: string, number: number): Promise<void> {
  const max = settings.maxBytes;
  const id = key(download.url(), download.suggestedFilename());
  const stopped = () => {
    book.slots--; // a stopped download does not use up one of the run's downloads
    book.note(`The download ${name} was stopped: it is larger than ${formatFileSize(max)}.`);
  };
  book.live.set(id, download);
  if (book.oversized.has(id)) void download.cancel().catch(() => {});
  try {
    const stream = await download.createReadStream().catch(() => null);
    if (!stream) {
      if (book.oversized.has(id)) return stopped();
      book.slots--;
      const failure = await download.failure().catch(() => null);
      if (!book.disposed) book.note(`The download ${name} failed${failure ? `: ${failure.slice(0, 200)}` : ""}.`);
      return;
    }
    if (book.oversized.has(id)) {
      stream.destroy();
      return stopped();
    }
    await mkdir(settings.dir, { recursive: true });
    const path = join(settings.dir, `${number}-${name}`);
    const written = await writeAtMost(stream, path, max);
    if (written.over) return stopped();
    if (written.error !== undefined) {
      book.slots--;
      return book.note(`The download ${name} could not be kept: ${written.error}.`);
    }
    book.finished.push({ name, path, size: written.size, contentType: guessContentType(name) });
    book.note(`Downloaded ${name} (${formatFileSize(written.size)}); it is kept with the run.`);
  } finally {
    book.live.delete(id);
    // The browser's own copy is no longer needed.
    void download.delete().catch(() => {});
  }
}

/** Writes the stream to `path`, stopping past `max` bytes; a file not written whole is removed. */
async function writeAtMost(stream: Readable, path: string, max: number): Promise<{ size: number; over?: boolean; error?: string }> {
  let size = 0;
  let over = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > max) {
        over = true;
        done(new Error("too large"));
      } else done(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(path));
    return { size };
  } catch (error) {
    await rm(path, { force: true });
    return { size, over, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The browser reports a download's progress to the page's session: stop it once it passes the limit. */
async function watchProgress(book: Book, max: number, page: Page) {
  const session = await pageSession(page).catch(() => null);
  if (!session) return;
  const begun = new Map<string, string>();
  const onBegin = (e: { guid: string; url: string; suggestedFilename: string }) => void begun.set(e.guid, key(e.url, e.suggestedFilename));
  const onProgress = (e: { guid: string; receivedBytes: number; totalBytes: number }) => {
    const id = begun.get(e.guid);
    if (!id || book.oversized.has(id) || (e.receivedBytes <= max && e.totalBytes <= max)) return;
    book.oversized.add(id);
    void book.live
      .get(id)
      ?.cancel()
      .catch(() => {});
  };
  session.on("Page.downloadWillBegin", onBegin);
  session.on("Page.downloadProgress", onProgress);
  book.unlisten.push(() => {
    session.off("Page.downloadWillBegin", onBegin);
    session.off("Page.downloadProgress", onProgress);
  });
  await session.send("Page.enable").catch(() => {});
}
