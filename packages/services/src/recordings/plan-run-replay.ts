import { matchPrompt, type RecordingDraft } from "@errand/contract";
import { taskRecordings, tasks, tasksRuns } from "@errand/db";
import { desc, eq } from "drizzle-orm";
import type { ServiceContext, VerbArgs } from "../context.ts";

export interface RunReplayPlan {
  /** Write the run's actions down (a recording is kept if it succeeds). */
  record: boolean;
  /** The recording to replay, with the values of its parameters for this run's prompt. */
  replay: { recording: RecordingDraft & { version: number }; values: Record<string, string> } | null;
  /** Why the run is not replayed (shown on the run), or null. */
  note: string | null;
  /** The run cannot go on as asked (mode replay with nothing to replay): end it with this reason. */
  refuse: string | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * How the worker carries out a run of a saved task (ADR 0009): replay the task's newest recording
 * when the run's mode allows it and the run asks for the same thing (its prompt differs at most in
 * the recording's parameters; start page and answer format unchanged); else the agent, recording.
 */
export async function planRunReplay({ ctx, input }: VerbArgs<{ runId: string }>): Promise<RunReplayPlan> {
  const [run] = await ctx.db.select().from(tasksRuns).where(eq(tasksRuns.id, input.runId));
  if (!run) return { record: false, replay: null, note: null, refuse: null };
  return planReplay(ctx, run);
}

type RunAsked = Pick<typeof tasksRuns.$inferSelect, "taskId" | "mode" | "prompt" | "initialUrl" | "responseFormat" | "jsonSchema">;

/** The plan for a run that asks for this (also used before creating one, to refuse a replay that cannot be). */
export async function planReplay(ctx: ServiceContext, asked: RunAsked): Promise<RunReplayPlan> {
  const [task] = await ctx.db.select({ alwaysUseAgent: tasks.alwaysUseAgent }).from(tasks).where(eq(tasks.id, asked.taskId));
  const run = { run: asked, alwaysUseAgent: task?.alwaysUseAgent ?? false };
  const agent = (note: string | null, record = true): RunReplayPlan => {
    if (run.run.mode === "replay")
      return {
        record: false,
        replay: null,
        note,
        refuse: `This run asked for a replay, but ${lowerFirst(note ?? "there is nothing to replay.")}`,
      };
    return { record, replay: null, note, refuse: null };
  };
  if (run.alwaysUseAgent) return agent("The task is set to always use the agent.", false);
  if (run.run.mode === "agent") return agent(null);

  const [latest] = await ctx.db
    .select({ recording: taskRecordings, source: tasksRuns })
    .from(taskRecordings)
    .leftJoin(tasksRuns, eq(tasksRuns.id, taskRecordings.sourceRunId))
    .where(eq(taskRecordings.taskId, run.run.taskId))
    .orderBy(desc(taskRecordings.version))
    .limit(1);
  // No note: the run records, and says so (new_recording_version) when it succeeds.
  if (!latest) return run.run.mode === "replay" ? agent("The task has no recording yet.") : agent(null);
  const { recording, source } = latest;
  const sameSettings =
    source !== null &&
    source.initialUrl === run.run.initialUrl &&
    source.responseFormat === run.run.responseFormat &&
    same(source.jsonSchema, run.run.jsonSchema);
  const values = sameSettings ? matchPrompt(recording.prompt, recording.parameters, run.run.prompt) : null;
  if (!values) return agent(`The run's prompt or settings differ from those recording ${recording.version} was made with.`);
  return {
    record: true,
    replay: {
      recording: {
        version: recording.version,
        prompt: recording.prompt,
        parameters: recording.parameters,
        steps: recording.steps,
        extraction: recording.extraction,
      },
      values,
    },
    note: null,
    refuse: null,
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
