/** Playwright's types the helpers name, from the package each form imports. */
export function runtimeTypes(module: "playwright" | "@playwright/test"): string {
  return ["BrowserContext", "Dialog", "Frame", "Locator", "Page"]
    .map((name) => `type ${name} = import(${JSON.stringify(module)}).${name};`)
    .join("\n");
}

/**
 * The plain Node form: launches Chromium itself at the top (Node runs the file as a module and
 * awaits there), `name=value` arguments change parameters.
 */
export const NODE_LAUNCH = String.raw`
for (const arg of process.argv.slice(2)) {
  const at = arg.indexOf("=");
  if (at > 0) values[arg.slice(0, at)] = arg.slice(at + 1);
}
const { chromium } = await import("playwright");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || undefined, headless: !process.env.HEADED });
const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
let page: Page = await context.newPage();
watchDialogs();
`;

/**
 * The test-runner form (`npx playwright test`): the runner makes the browser, the context and the
 * page and hands them to the one test, which sets these before its first step.
 */
export const SPEC_SETUP = String.raw`
let context: BrowserContext;
let page: Page;
test.use({ viewport: { width: 1280, height: 800 }, launchOptions: { executablePath: process.env.CHROMIUM_PATH || undefined } });
`;

/**
 * The helpers every exported Playwright script starts with (docs/adr/0053-mailbox-codes-and-playwright-export.md):
 * the replay's own rules written for plain Playwright. A step's element is found through its
 * ladder of locators (the first that finds exactly one element wins; a CSS path counts only while
 * the element there keeps its recorded name); after each step the page must be where it was when
 * recorded; the answer is read off the last page as the extraction says. Kept as text: it is code
 * of the script a person runs, not of ours, and is checked by running an exported script (see
 * packages/worker/src/replay-runs.test.ts).
 */
export const PLAYWRIGHT_RUNTIME = String.raw`
type Rung =
  | { kind: "role"; role: string; name: string }
  | { kind: "label" | "placeholder" | "text"; text: string }
  | { kind: "test_id"; value: string }
  | { kind: "css"; selector: string };
type Target = { locators: Rung[]; frame_path: string[]; description: string };
type Read = { target: Target; as: "text" | "number" };
type Template = string | number | boolean | null | { $read: number } | Template[] | { [key: string]: Template };

/** How long a step waits at most for its element, and for the page to reach its recorded address. */
const FIND_MS = 5_000;
const ARRIVE_MS = 5_000;

/** The parameters' values: the recorded ones, or PARAM_<name> in the environment (or a name=value argument of the plain Node form). */
const values: Record<string, string> = { ...PARAMETERS };
for (const name of Object.keys(PARAMETERS)) if (process.env["PARAM_" + name] !== undefined) values[name] = process.env["PARAM_" + name]!;
let dialogAnswer: { accept: boolean; text?: string } | null = null;

/** Answers the page's dialogs as the recording did, on the first tab and every tab opened. */
function watchDialogs() {
  context.on("page", (opened) => opened.on("dialog", answerDialog));
  page.on("dialog", answerDialog);
}

function answerDialog(dialog: Dialog) {
  const answer = dialogAnswer;
  dialogAnswer = null;
  void (answer?.accept ? dialog.accept(answer.text) : dialog.dismiss()).catch(() => {});
}

const fill = (template: string) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(values[name]!) : whole));

function rung(frame: Frame, r: Rung): Locator {
  switch (r.kind) {
    case "role":
      return frame.getByRole(r.role as Parameters<Frame["getByRole"]>[0], { name: r.name, exact: true });
    case "label":
      return frame.getByLabel(r.text, { exact: true });
    case "placeholder":
      return frame.getByPlaceholder(r.text, { exact: true });
    case "test_id":
      return frame.getByTestId(r.value);
    case "text":
      return frame.getByText(r.text, { exact: true });
    case "css":
      return frame.locator(r.selector);
  }
}

async function frameOf(path: string[]): Promise<Frame | null> {
  let frame: Frame = page.mainFrame();
  for (const selector of path) {
    const owner = await frame.locator(selector).first().elementHandle({ timeout: 500 }).catch(() => null);
    const inner = await owner?.contentFrame();
    if (!inner) return null;
    frame = inner;
  }
  return frame;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

async function hasName(found: Locator, name: string): Promise<boolean> {
  const shown = await found
    .evaluate((e: any) => [e.innerText ?? "", typeof e.value === "string" ? e.value : "", e.getAttribute("aria-label") ?? "", e.getAttribute("title") ?? ""])
    .catch(() => [] as string[]);
  return shown.some((text: string) => squash(text) === squash(name));
}

/** The one element the first rung of the ladder that finds exactly one finds. */
async function find(target: Target, sameName = true): Promise<Locator> {
  const named = sameName ? target.locators.find((r) => r.kind === "role" || r.kind === "text") : undefined;
  const name = named?.kind === "role" ? named.name : named?.kind === "text" ? named.text : null;
  const deadline = Date.now() + FIND_MS;
  for (;;) {
    const frame = await frameOf(target.frame_path);
    for (const r of frame ? target.locators : []) {
      const found = rung(frame!, r);
      if ((await found.count().catch(() => 0)) !== 1) continue;
      if (r.kind === "css" && name !== null && !(await hasName(found, name))) continue;
      return found;
    }
    if (Date.now() >= deadline) throw new Error("Could not find " + (target.description || "its element") + " on the page.");
    await page.waitForTimeout(150);
  }
}

function samePage(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    const query = (u: URL) => JSON.stringify([...u.searchParams.entries()].sort((p, q) => p[0].localeCompare(q[0]) || p[1].localeCompare(q[1])));
    return x.origin === y.origin && x.pathname === y.pathname && query(x) === query(y);
  } catch {
    return a === b;
  }
}

/** Waits for the page to be where the step left it when recorded. */
async function arrive(template: string) {
  const expected = fill(template);
  const deadline = Date.now() + ARRIVE_MS;
  while (!samePage(page.url(), expected)) {
    if (Date.now() >= deadline) throw new Error("After it the page was at " + page.url() + ", not at " + expected + " as when it was recorded.");
    await page.waitForTimeout(100);
  }
}

function secret(step: number): string {
  const value = process.env["SECRET_STEP_" + step];
  if (value === undefined) throw new Error("Step " + step + " needs a secret (a typed one, or a link e-mailed to sign in), which recordings never keep: set SECRET_STEP_" + step + ".");
  return value;
}

async function selectOption(target: Target, option: string, add: boolean) {
  const field = await find(target);
  if ((await field.evaluate((e: any) => e.tagName)) === "SELECT") {
    const chosen = add ? [...(await field.evaluate((e: any) => [...e.selectedOptions].map((o: any) => o.label))), option] : [option];
    await field.selectOption(chosen.map((label) => ({ label })));
    return;
  }
  await field.click();
  const options = page.getByRole("option", { name: option, exact: true });
  await ((await options.count()) === 1 ? options : page.getByText(option, { exact: true }).first()).click();
}

async function scroll(target: Target | null, direction: string, pages: number) {
  const sign = direction === "up" ? -1 : 1;
  if (target) await (await find(target)).evaluate((e: any, by: number) => e.scrollBy(0, by * e.clientHeight), sign * pages);
  else await page.mouse.wheel(0, sign * pages * (page.viewportSize()?.height ?? 800));
}

async function selectText(target: Target | null, text: string | undefined) {
  const scope = target ? await find(target) : page.locator("body");
  await scope.evaluate((root: any, wanted: string | undefined) => {
    const range = document.createRange();
    const selection = window.getSelection()!;
    if (!wanted) range.selectNodeContents(root);
    else {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(wanted);
        if (at < 0) continue;
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        break;
      }
    }
    selection.removeAllRanges();
    selection.addRange(range);
  }, text);
}

async function drag(target: Target, to: Target | null, dx: number, dy: number) {
  const from = await (await find(target)).boundingBox();
  if (!from) throw new Error("Could not see " + target.description + " to drag it.");
  const box = to ? await (await find(to)).boundingBox() : null;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : { x: start.x + dx, y: start.y + dy };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 12 });
  await page.mouse.up();
}

async function switchTab(tab: number) {
  const tabs = context.pages();
  if (!tabs[tab]) throw new Error("There is no tab " + tab + ".");
  page = tabs[tab]!;
  await page.bringToFront();
}

/** The answer read off the page now, as the recording's extraction says. */
async function readAnswer(format: "text" | "json", reads: Read[], template: Template): Promise<string> {
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  const read: (string | number)[] = [];
  for (const r of reads) {
    const text = squash(await (await find(r.target, false)).innerText());
    if (r.as === "text") read.push(text);
    else {
      const number = /-?\d[\d,]*(?:\.\d+)?/.exec(text);
      if (!number) throw new Error("The page shows no number where " + r.target.description + " was.");
      read.push(Number(number[0].replace(/,/g, "")));
    }
  }
  const filled = (t: Template): unknown => {
    if (Array.isArray(t)) return t.map(filled);
    if (t && typeof t === "object") {
      if ("$read" in t && typeof t.$read === "number") return read[t.$read];
      return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, filled(v as Template)]));
    }
    return t;
  };
  const answer = filled(template);
  return format === "json" ? JSON.stringify(answer) : (Array.isArray(answer) ? answer : [answer]).map(String).join("");
}

/** Runs one recorded step, saying on stderr which one (stdout is the answer's). */
async function step(number: number, intent: string, act: () => Promise<void>) {
  process.stderr.write(number + ". " + intent + "\n");
  await act();
}
`;
