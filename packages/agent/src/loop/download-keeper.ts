import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BrowserContext, Download, Page } from "playwright-core";
import { formatFileSize, guessContentType, safeFileName } from "@errand/contract";
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

/**
 * Watches every tab of the run for downloads. With `settings`, each one is written under
 * settings.dir as `<n>-<name>`, up to maxBytes (larger ones are stopped while they arrive, as
 * far as the browser reports its progress, else once they have) and maxFiles; without, each is
 * cancelled. Every outcome is told to the model through `note`, by file name only.
 */
export function createDownloadKeeper(context: BrowserContext, opts: { settings?: AgentInput["downloads"]; note(text: string): void }): DownloadKeeper {
  const settings = opts.settings;
  const watched = new WeakSet<Page>();
  /** Listeners on the pages' shared sessions, removed on dispose (the sessions stay with their pages). */
  const unlisten: (() => void)[] = [];
  const running = new Set<Promise<void>>();
  /** In flight, by url and suggested name: how the browser's progress events find them. */
  const live = new Map<string, Download>();
  /** Downloads the browser reported past the limit (possibly before Playwright announced them). */
  const oversized = new Set<string>();
  const finished: AgentFile[] = [];
  let count = 0;
  let slots = 0;
  let disposed = false;

  const onDownload = (download: Download) => {
    count++;
    const name = safeFileName(download.suggestedFilename());
    if (!settings || disposed) {
      void download.cancel().catch(() => {});
      if (!disposed) opts.note(`The site started the download ${name}; it was cancelled. Downloads are not kept in this run.`);
      return;
    }
    if (slots >= settings.maxFiles) {
      void download.cancel().catch(() => {});
      opts.note(`The download ${name} was cancelled: a run keeps at most ${settings.maxFiles} download${settings.maxFiles === 1 ? "" : "s"}.`);
      return;
    }
    const number = ++slots;
    const task = keep(download, name, number).finally(() => running.delete(task));
    running.add(task);
  };

  async function keep(download: Download, name: string, number: number): Promise<void> {
    const dir = settings!.dir;
    const max = settings!.maxBytes;
    const id = key(download.url(), download.suggestedFilename());
    const stopped = () => {
      slots--; // a stopped download does not use up one of the run's downloads
      opts.note(`The download ${name} was stopped: it is larger than ${formatFileSize(max)}.`);
    };
    live.set(id, download);
    if (oversized.has(id)) void download.cancel().catch(() => {});
    try {
      const stream = await download.createReadStream().catch(() => null);
      if (!stream) {
        if (oversized.has(id)) return stopped();
        slots--;
        const failure = await download.failure().catch(() => null);
        if (!disposed) opts.note(`The download ${name} failed${failure ? `: ${failure.slice(0, 200)}` : ""}.`);
        return;
      }
      if (oversized.has(id)) {
        stream.destroy();
        return stopped();
      }
      await mkdir(dir, { recursive: true });
      const path = join(dir, `${number}-${name}`);
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
      } catch (error) {
        await rm(path, { force: true });
        if (over) return stopped();
        slots--;
        opts.note(`The download ${name} could not be kept: ${error instanceof Error ? error.message : String(error)}.`);
        return;
      }
      finished.push({ name, path, size, contentType: guessContentType(name) });
      opts.note(`Downloaded ${name} (${formatFileSize(size)}); it is kept with the run.`);
    } finally {
      live.delete(id);
      // The browser's own copy is no longer needed.
      void download.delete().catch(() => {});
    }
  }

  /** The browser reports a download's progress to the page's session: stop it once it passes the limit. */
  async function watchProgress(page: Page) {
    const max = settings!.maxBytes;
    const session = await pageSession(page).catch(() => null);
    if (!session) return;
    const begun = new Map<string, string>();
    const onBegin = (e: { guid: string; url: string; suggestedFilename: string }) => void begun.set(e.guid, key(e.url, e.suggestedFilename));
    const onProgress = (e: { guid: string; receivedBytes: number; totalBytes: number }) => {
      const id = begun.get(e.guid);
      if (!id || oversized.has(id) || (e.receivedBytes <= max && e.totalBytes <= max)) return;
      oversized.add(id);
      void live.get(id)?.cancel().catch(() => {});
    };
    session.on("Page.downloadWillBegin", onBegin);
    session.on("Page.downloadProgress", onProgress);
    unlisten.push(() => {
      session.off("Page.downloadWillBegin", onBegin);
      session.off("Page.downloadProgress", onProgress);
    });
    await session.send("Page.enable").catch(() => {});
  }

  const watch = (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    page.on("download", onDownload);
    if (settings) void watchProgress(page);
  };
  for (const page of context.pages()) watch(page);
  context.on("page", watch);

  const settle = async (maxMs: number) => {
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...running]), new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, maxMs))))]);
    clearTimeout(timer);
  };

  return {
    started: () => count,
    settle,
    take: () => finished.splice(0),
    async dispose() {
      disposed = true;
      context.off("page", watch);
      for (const page of context.pages()) page.off("download", onDownload);
      for (const download of live.values()) void download.cancel().catch(() => {});
      await settle(2_000);
      for (const off of unlisten.splice(0)) off();
      // Finished after the last step was reported: no step names them, so nothing keeps them.
      await Promise.all(finished.splice(0).map((f) => rm(f.path, { force: true })));
    },
  };
}
