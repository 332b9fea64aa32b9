import type { ChatRequest, FakeTurn } from "@errand/testkit";

// What a test's scripted model says, turn by turn: the words every agent test file shares.

/** One turn of a scripted model, decided from the request it is sent (what the page shows). */
export type Move = (req: ChatRequest) => FakeTurn;

/** One tool call. */
export const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: args });

/** A turn that makes one tool call. */
export const act = (name: string, args: Record<string, unknown>): FakeTurn => ({ toolCalls: [call(name, args)] });

/** A turn that ends the run with these done arguments. */
export const done = (args: Record<string, unknown>): FakeTurn => act("done", args);

/** A turn that ends the run successfully with a text answer. */
export const answer = (text: string): FakeTurn => done({ success: true, text });
