import { detectChallenges } from "../captcha/detect-challenges.ts";
import { solveChallenge } from "../captcha/solve-challenges-on-page.ts";
import { CHALLENGE_LABELS } from "../captcha/types.ts";
import type { ChallengeOutcome, DetectedChallenge } from "../captcha/types.ts";
import { raceAbort } from "../lib/race-abort.ts";
import { createScreenshotter, SCREENSHOT_TYPE } from "../observe/screenshot.ts";
import type { Finish } from "../types/result.ts";
import { askPerson, waitForHandBack } from "./person-wait.ts";
import type { RunContext } from "./run-context.ts";

/** Solves of one challenge in a run, successes included: a page that keeps showing it after that is a person's job. */
export const MAX_SOLVES = 2;
/** Solver failures worth a second try at once (the service was busy or slow, or the answer did not take). */
const RETRYABLE = new Set<ChallengeOutcome["errorCode"]>(["busy", "service", "network", "timeout", "unsolvable", "apply"]);

const screenshots = createScreenshotter();

/**
 * Before each step's observation: waits out a person's turn, then handles the captcha challenges
 * on the page. Each solve is a step of its own ("Solved a Turnstile challenge in 1.2 s"); a
 * challenge that cannot be solved (no solver, or it failed) hands the run to a person. Returns
 * how the run ends, or null to go on with the step. Without a challenge this is one small
 * evaluate per frame.
 */
export async function beforeStep(ctx: RunContext): Promise<Finish | null> {
  await waitForHandBack(ctx);
  const memory = ctx.state.challenges;
  if (memory.personRequest !== null) {
    const reason = memory.personRequest;
    memory.personRequest = null;
    return askPerson(ctx, reason, { asked: true, unmet: "person_needed_timeout" });
  }
  const page = ctx.tabs.page();
  if (page.isClosed()) return null;
  const found = await raceAbort(detectChallenges(page), ctx.control.signal);
  // reCAPTCHA v3 asks nothing of a person: without a solver the page's own script answers it.
  const open = found.filter((c) => !c.solved && (ctx.captcha || c.kind !== "recaptcha-v3"));
  let unsolved: { challenge: DetectedChallenge; why: string } | null = null;
  for (const challenge of open) {
    const key = keyOf(challenge);
    if (!ctx.captcha) {
      unsolved ??= memory.asked.has(key) ? null : { challenge, why: "no captcha solver is configured" };
      continue;
    }
    let last: ChallengeOutcome | null = null;
    while ((memory.solves.get(key) ?? 0) < MAX_SOLVES) {
      memory.solves.set(key, (memory.solves.get(key) ?? 0) + 1);
      last = await raceAbort(solveChallenge(page, challenge, ctx.captcha, ctx.control.signal), ctx.control.signal);
      await reportSolve(ctx, challenge, last);
      if (last.ok || !RETRYABLE.has(last.errorCode)) break;
    }
    if (last?.ok) continue;
    if (!memory.asked.has(key))
      unsolved ??= { challenge, why: last?.error ? `the solver failed: ${last.error}` : "it was already solved twice on this page" };
  }
  if (!unsolved) return null;
  memory.asked.add(keyOf(unsolved.challenge));
  const { challenge, why } = unsolved;
  return askPerson(
    ctx,
    `The page shows ${article(challenge)} ${CHALLENGE_LABELS[challenge.kind]} challenge that the agent cannot solve (${why}).`,
    { asked: false, unmet: "captcha_unsolved" },
  );
}

/** One challenge in one document: its kind, where, and its site key or element. */
function keyOf(c: DetectedChallenge): string {
  const url = c.pageUrl.split("#")[0];
  return `${c.kind} ${url} ${c.siteKey ?? c.selector ?? ""}`;
}

const article = (c: DetectedChallenge) => (c.kind === "hcaptcha" || c.kind === "image" ? "an" : "a");

/** A solve as a step of the run, and a word to the model about it. */
async function reportSolve(ctx: RunContext, challenge: DetectedChallenge, outcome: ChallengeOutcome) {
  const page = ctx.tabs.page();
  const cost = outcome.costUsd !== undefined ? ` (solver cost $${outcome.costUsd.toFixed(4)})` : "";
  const text = `${outcome.summary}${cost}.`;
  ctx.state.notes.push(
    outcome.ok
      ? `${outcome.summary}: the answer is in place on the page. Go on with the task (e.g. send the form).`
      : `${outcome.summary}.`,
  );
  const label = CHALLENGE_LABELS[challenge.kind];
  await ctx.emit({
    type: "step",
    step: {
      number: ctx.state.emitted + 1,
      url: page.url(),
      title: await page.title().catch(() => ""),
      actions: [
        {
          name: "solve_captcha",
          input: { kind: challenge.kind, page_url: outcome.pageUrl },
          ok: outcome.ok,
          ...(outcome.ok ? {} : { error: outcome.error ?? `the ${label} challenge was not solved` }),
        },
      ],
      success: null,
      error: outcome.ok ? null : text,
      extractedContent: text,
      screenshot: await screenshots.capture(page).catch(() => null),
      screenshotType: SCREENSHOT_TYPE,
      inputTokens: 0,
      outputTokens: 0,
      durationMs: outcome.ms,
      startedAt: new Date(Date.now() - outcome.ms),
      downloads: [],
    },
  });
}
