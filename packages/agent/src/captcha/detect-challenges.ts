import type { Frame, Page } from "playwright-core";
import { loadInPageScript } from "../browser/in-page-script.ts";
import { pageFunction } from "../observe/page-function.ts";
import type { ChallengeKind } from "../types/captcha.ts";
import type { DetectedChallenge } from "./types.ts";

type FoundInFrame = Omit<DetectedChallenge, "frame" | "frameUrl" | "siteKey" | "action"> & {
  siteKey?: string | null;
  action?: string | null;
};

const DETECT = pageFunction<string, FoundInFrame[]>(loadInPageScript(new URL("./in-page/detect-challenges.js", import.meta.url)));

/** What the widgets leave in a page: containers, their scripts and iframes, images named like captchas. */
const MARKERS = [
  ".g-recaptcha[data-sitekey]",
  ".h-captcha[data-sitekey]",
  ".cf-turnstile[data-sitekey]",
  'script[src*="recaptcha"][src*="render="]',
  'iframe[src*="/recaptcha/"][src*="anchor"]',
  'iframe[src*="hcaptcha"]',
  'iframe[src*="challenges.cloudflare.com"]',
  'img[src*="captcha" i]',
  'img[id*="captcha" i]',
  'img[class*="captcha" i]',
  'img[alt*="captcha" i]',
].join(",");

/** The every-step check: a short expression, so a page without challenges costs one small round trip per frame. */
const QUICK_CHECK = `document.querySelector(${JSON.stringify(MARKERS)}) !== null`;

const KINDS = new Set<ChallengeKind>(["recaptcha-v2", "recaptcha-v3", "hcaptcha", "turnstile", "image"]);

/**
 * The captcha challenges in every frame of the page, solved or not. Runs on every step, so it is
 * one small evaluate per frame, all at once (a second one only where a marker matched); a frame
 * that is navigating or gone counts as having none.
 */
export async function detectChallenges(page: Page): Promise<DetectedChallenge[]> {
  const frames = page.frames();
  const perFrame = await Promise.all(frames.map((frame) => inFrame(frame)));
  return perFrame.flat();
}

async function inFrame(frame: Frame): Promise<DetectedChallenge[]> {
  let found: FoundInFrame[];
  try {
    if (!(await frame.evaluate(QUICK_CHECK))) return [];
    found = await frame.evaluate(DETECT, MARKERS);
  } catch {
    return [];
  }
  if (!Array.isArray(found)) return [];
  const frameUrl = frame.url();
  return found
    .filter((c) => KINDS.has(c.kind))
    .map((c) => ({
      ...c,
      siteKey: c.siteKey ?? undefined,
      action: c.action ?? undefined,
      pageUrl: c.pageUrl || frameUrl,
      frame,
      frameUrl,
      solved: c.solved === true,
    }));
}
