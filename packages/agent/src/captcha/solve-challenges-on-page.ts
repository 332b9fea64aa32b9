import type { Page } from "playwright-core";
import { loadInPageScript } from "../browser/in-page-script.ts";
import { pageFunction } from "../observe/page-function.ts";
import type { CaptchaSolver, ChallengeKind } from "../types/captcha.ts";
import { applySolution } from "./apply-solution.ts";
import { CaptchaSolveError } from "./captcha-error.ts";
import { detectChallenges } from "./detect-challenges.ts";
import { CHALLENGE_LABELS } from "./types.ts";
import type { ChallengeOutcome, DetectedChallenge } from "./types.ts";

const READ_IMAGE = pageFunction<string, { base64?: string; error?: string }>(
  loadInPageScript(new URL("./in-page/read-image.js", import.meta.url)),
);

/**
 * Finds the unsolved challenges on the page and has each solved and put in place, one after the
 * other. Returns one outcome per challenge (none when the page has none): each is a step of the
 * run. A failed solve leaves the page as it was.
 */
export async function solveChallengesOnPage(page: Page, solver: CaptchaSolver, signal?: AbortSignal): Promise<ChallengeOutcome[]> {
  const challenges = (await detectChallenges(page)).filter((c) => !c.solved);
  const outcomes: ChallengeOutcome[] = [];
  for (const challenge of challenges) {
    if (signal?.aborted) break;
    outcomes.push(await solveChallenge(page, challenge, solver, signal));
  }
  return outcomes;
}

/** Has one detected challenge solved and its answer put in place (the agent loop picks which, to cap attempts). */
export async function solveChallenge(
  page: Page,
  challenge: DetectedChallenge,
  solver: CaptchaSolver,
  signal: AbortSignal | undefined,
): Promise<ChallengeOutcome> {
  const started = Date.now();
  const base = { kind: challenge.kind, pageUrl: challenge.pageUrl };
  const failed = (error: string, errorCode: ChallengeOutcome["errorCode"], costUsd?: number): ChallengeOutcome => {
    const ms = Date.now() - started;
    return {
      ...base,
      ok: false,
      ms,
      costUsd,
      error,
      errorCode,
      summary: `Could not solve ${article(challenge.kind)} ${CHALLENGE_LABELS[challenge.kind]} challenge: ${error}`,
    };
  };

  let imageBase64: string | undefined;
  if (challenge.kind === "image") {
    imageBase64 = await readImage(challenge);
    if (!imageBase64) return failed("the captcha image could not be read", "image");
  }
  let solution;
  try {
    solution = await solver.solve({ ...requestOf(challenge), imageBase64 }, signal);
  } catch (error) {
    if (error instanceof CaptchaSolveError) return failed(error.message, error.code);
    return failed("the solver client failed unexpectedly", "service");
  }
  const applied = await applySolution(page, challenge, solution);
  if (!applied.ok) return failed(`solved, but the answer could not be put in place: ${applied.detail}`, "apply", solution.costUsd);
  const ms = Date.now() - started;
  return {
    ...base,
    ok: true,
    ms,
    costUsd: solution.costUsd,
    summary: `Solved ${article(challenge.kind)} ${CHALLENGE_LABELS[challenge.kind]} challenge in ${seconds(ms)}`,
  };
}

function requestOf(c: DetectedChallenge) {
  return { kind: c.kind, pageUrl: c.pageUrl, siteKey: c.siteKey, action: c.action, invisible: c.invisible };
}

/** The picture as base64: from the browser cache, else a screenshot of the element. */
async function readImage(challenge: DetectedChallenge): Promise<string | undefined> {
  if (!challenge.selector) return undefined;
  const read = await challenge.frame.evaluate(READ_IMAGE, challenge.selector).catch(() => ({ base64: undefined }));
  if (read.base64) return read.base64;
  const shot = await challenge.frame
    .locator(challenge.selector)
    .screenshot({ timeout: 5000 })
    .catch(() => undefined);
  return shot?.toString("base64");
}

const article = (kind: ChallengeKind) => (kind === "hcaptcha" || kind === "image" ? "an" : "a");

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
