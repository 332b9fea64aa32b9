import type { RunContext } from "../loop/run-context.ts";
import { createScreenshotter } from "../observe/screenshot.ts";
import type { FinalPage } from "../types/result.ts";

/** The most page text kept for verification: enough for the values an answer quotes. */
const FINAL_TEXT_MAX = 50_000;

/**
 * The page the run ended on, for checking its answer (docs/adr/0043-verified-results.md): its
 * visible text with secrets redacted, and a screenshot unless a secret shows on it. Whatever
 * cannot be read is null; reading never fails the run.
 */
export async function readFinalPage(ctx: RunContext): Promise<FinalPage> {
  const page = ctx.tabs.page();
  const url = page.url();
  const title = await page.title().catch(() => "");
  const raw = await page
    .innerText("body", { timeout: 5_000 })
    .then((text) => text.slice(0, FINAL_TEXT_MAX))
    .catch(() => null);
  const secretOnPage = raw !== null && ctx.redactor.contains(raw);
  const screenshot = secretOnPage ? null : await createScreenshotter("jpeg").capture(page);
  return { url, title, text: raw === null ? null : ctx.redactor.redact(raw), screenshot };
}
