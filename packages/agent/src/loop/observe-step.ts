import { raceAbort } from "../lib/race-abort.ts";
import type { Observation } from "../observe/create-observer.ts";
import type { RunContext } from "./run-context.ts";

/**
 * The page as the step starts: a usable tab first (a crashed or closed one is replaced, and the
 * model told), then one reading of it; a page that cannot be read is reopened once. The previous
 * step learns where it left the page.
 */
export async function observeStep(ctx: RunContext): Promise<Observation> {
  const note = await ctx.tabs.ensureUsable();
  if (note) ctx.state.notes.push(note);
  const obs = await observeOrReopen(ctx);
  const previous = ctx.state.history[ctx.state.history.length - 1];
  if (previous) previous.pageAfter = `${JSON.stringify(obs.title.slice(0, 80))} ${obs.url}`;
  return obs;
}

async function observeOrReopen(ctx: RunContext): Promise<Observation> {
  try {
    return await raceAbort(ctx.observer.observe(ctx.tabs.page()), ctx.control.signal);
  } catch (error) {
    if (ctx.control.signal.aborted) throw error;
    ctx.emit({
      type: "log",
      message: `Could not read the page (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); reopening it.`,
    });
    await ctx.tabs.reopen();
    return await raceAbort(ctx.observer.observe(ctx.tabs.page()), ctx.control.signal);
  }
}
