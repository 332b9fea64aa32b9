import type { Extraction, RecordedStep, RecordingDraft } from "@errand/contract";
import { NODE_LAUNCH, PLAYWRIGHT_RUNTIME, runtimeTypes, SPEC_SETUP } from "./playwright-runtime.ts";

/** How the script is run: `node <file>`, or `npx playwright test` (a spec with one test). */
export type ScriptForm = "node" | "spec";

/**
 * A recording as a standalone Playwright script in TypeScript (docs/adr/0053-mailbox-codes-and-playwright-export.md):
 * the same steps, each element found through the same ladder of locators, the same parameters,
 * the page checked to be where each step left it, and the answer read off the last page. It runs
 * with plain Node (22.18 or later strips the types) and the `playwright` package, or, as a spec,
 * with `npx playwright test` and `@playwright/test`: one runtime, two ways to start it.
 *
 * Everything taken from the recording is written as a JSON literal, never as code or a comment,
 * so text a page or a prompt held cannot become code of the script. Secrets are never recorded:
 * a step that typed one reads it from the environment.
 */
export function playwrightScript(
  recording: RecordingDraft & { version: number },
  opts: { taskId: string; startUrl: string | null; form?: ScriptForm },
): string {
  const parameters = Object.fromEntries(recording.parameters.map((p) => [p.name, p.value]));
  const spec = opts.form === "spec";
  const header = [
    `// Errand recording ${recording.version} of task ${opts.taskId}, exported as a Playwright ${spec ? "test" : "script"}.`,
    ...(spec
      ? [
          "// Run: npm install -D @playwright/test && npx playwright test <this file>  (CHROMIUM_PATH=... to use another Chromium,",
          "// --headed to watch, PARAM_<name>=... to change a parameter). It prints the answer on stdout.",
          'import { test } from "@playwright/test";',
        ]
      : [
          "// Run: npm install playwright && node <this file>  (Node 22.18 or later; CHROMIUM_PATH=... to use another Chromium,",
          "// HEADED=1 to watch, name=value arguments to change a parameter). It prints the answer on stdout.",
        ]),
    `const PROMPT = ${literal(recording.prompt)};`,
    `const PARAMETERS: Record<string, string> = ${literal(parameters)};`,
    `const START_URL: string | null = ${literal(opts.startUrl)};`,
    runtimeTypes(spec ? "@playwright/test" : "playwright"),
  ];
  const steps = [
    'process.stderr.write("Recorded for: " + PROMPT + "\\n");',
    "  if (START_URL) await page.goto(fill(START_URL));",
    ...recording.steps.map(stepCode),
    `  console.log(await readAnswer(${answerArgs(recording.extraction)}));`,
  ];
  if (spec) {
    // The runner's own browser, context and page; its timeout covers every step's own waits.
    const test = [
      "test(PROMPT, async ({ page: first, context: opened }) => {",
      "  test.setTimeout(120_000);",
      "  context = opened;",
      "  page = first;",
      "  watchDialogs();",
      ...steps.map((line) => (line.startsWith("  ") ? line : `  ${line}`)),
      "});",
      "",
    ];
    return [...header, PLAYWRIGHT_RUNTIME, SPEC_SETUP, ...test].join("\n");
  }
  const body = [steps[0]!, "try {", ...steps.slice(1), "} finally {", "  await browser.close();", "}", ""];
  return [...header, PLAYWRIGHT_RUNTIME, NODE_LAUNCH, ...body].join("\n");
}

const SECRET_PLACEHOLDER = /\{\{\s*secret:/i;

/** A JSON value as a TypeScript literal (JSON is valid TypeScript). */
const literal = (value: unknown) => JSON.stringify(value ?? null);

function answerArgs(extraction: Extraction): string {
  return `${literal(extraction.format)}, ${literal(extraction.reads)}, ${literal(extraction.template)}`;
}

/** One recorded step: its action on its element, then the check that the page is where it was. */
function stepCode(step: RecordedStep): string {
  const action = actionCode(step);
  return [
    `  await step(${step.number}, ${literal(step.intent)}, async () => {`,
    `    ${action}`,
    `    await arrive(${literal(step.expect.url)});`,
    "  });",
  ].join("\n");
}

function actionCode(step: RecordedStep): string {
  const input = step.input;
  const target = literal(step.target);
  const element = `(await find(${target}))`;
  const num = (value: unknown, fallback: number) => (typeof value === "number" ? value : fallback);
  switch (step.action) {
    case "navigate":
      return `await page.goto(${urlCode(step)});`;
    case "click":
      return `await ${element}.click();`;
    case "hover":
      return `await ${element}.hover();`;
    case "type":
      return `const field = await find(${target}); await field.fill(${typedText(step)});${input.press_enter === true ? ' await field.press("Enter");' : ""}`;
    case "type_at":
      return `await page.mouse.click(${num(input.x, 0)}, ${num(input.y, 0)}); await page.keyboard.type(${typedText(step)});`;
    case "click_at":
      return `await page.mouse.click(${num(input.x, 0)}, ${num(input.y, 0)});`;
    case "select_option":
      return `await selectOption(${target}, ${literal(input.option)}, ${input.add === true});`;
    case "scroll":
      return `await scroll(${target}, ${literal(input.direction)}, ${num(input.pages, 1)});`;
    case "drag":
      return `await drag(${target}, ${literal(input.to)}, ${num(input.dx, 0)}, ${num(input.dy, 0)});`;
    case "select_text":
      return `await selectText(${target}, ${literal(input.text)} ?? undefined);`;
    case "press_keys":
      return `for (const key of ${literal(String(input.keys ?? ""))}.split(/\\s+/).filter(Boolean)) await page.keyboard.press(key);`;
    case "upload_file":
      // The run's files by name, from the folder the script runs in.
      return `await ${element}.setInputFiles(${literal(input.files)});`;
    case "answer_dialog":
      return `dialogAnswer = ${literal({ accept: input.accept === true, ...(typeof input.text === "string" ? { text: input.text } : {}) })};`;
    case "go_back":
      return "await page.goBack();";
    case "open_tab":
      return `page = await context.newPage(); await page.goto(${urlCode(step)});`;
    case "switch_tab":
      return `await switchTab(${num(input.tab, 0)});`;
    case "close_tab":
      return `await (${typeof input.tab === "number" ? `context.pages()[${input.tab}]` : "page"})?.close(); await switchTab(context.pages().length - 1);`;
    case "wait":
      // A replay waits for elements instead: at most a second here too.
      return `await page.waitForTimeout(${Math.min(num(input.seconds, 0), 1) * 1000});`;
    default:
      return `throw new Error(${literal(`Step ${step.number} (${step.action}) needs the agent: a script cannot do it.`)});`;
  }
}

/** The address `navigate` or `open_tab` opens: a sign-in link read from a mailbox is the vault's placeholder in a recording, never the link. */
function urlCode(step: RecordedStep): string {
  const url = step.input.url;
  if (typeof url === "string" && SECRET_PLACEHOLDER.test(url)) return `secret(${step.number})`;
  return `fill(${literal(url)})`;
}

function typedText(step: RecordedStep): string {
  const value = step.value;
  if (!value || value.kind === "secret") return `secret(${step.number})`;
  return value.kind === "parameter" ? `(values[${literal(value.name)}] ?? "")` : literal(value.text);
}
