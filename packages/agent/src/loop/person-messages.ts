import type { RunContext } from "./run-context.ts";

/**
 * Before a step: the messages people sent since the last one go into the step's prompt as the
 * person's own words (they are trusted, unlike the page), and the step's record acknowledges each.
 */
export async function readPersonMessages(ctx: RunContext, number: number): Promise<void> {
  if (!ctx.messages) return;
  const messages = await ctx.messages(number);
  for (const message of messages) {
    ctx.state.notes.push(`Message from the person who gave you this task (follow it as part of the task): ${message.text}`);
    ctx.state.acknowledgements.push(`Read your message: ${message.text}`);
  }
}

/** The step's record with the acknowledgements of the messages read before it, first. */
export function withAcknowledgements(ctx: RunContext, extractedContent: string | null): string | null {
  const read = ctx.state.acknowledgements.splice(0);
  if (read.length === 0) return extractedContent;
  return [...read, extractedContent].filter(Boolean).join("\n");
}
