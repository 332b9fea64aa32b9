import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchTestChromium } from "@errand/testkit";

/** One request the harness's form sent, held until the test answers it. */
interface HeldRequest {
  body: unknown;
  answer: (status: number, body?: unknown) => void;
}

/** The harness page (built in memory with the web's own Vite) and the API it calls, on loopback. */
async function startHarnessServer() {
  const root = path.resolve(import.meta.dirname, "../../..");
  const [{ build }, { default: tailwindcss }] = await Promise.all([import("vite"), import("@tailwindcss/vite")]);
  const result = await build({
    configFile: false,
    root,
    // The app's stylesheet: where a dialog's buttons sit is part of what is tried.
    plugins: [tailwindcss()],
    logLevel: "silent",
    mode: "development",
    define: { "process.env.NODE_ENV": '"development"' },
    build: {
      write: false,
      minify: false,
      emptyOutDir: false,
      lib: { entry: path.join(import.meta.dirname, "testing/form-kit-harness.tsx"), formats: ["es"], fileName: "harness" },
    },
  });
  const files = new Map<string, string>();
  for (const output of (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []))) {
    files.set(`/${output.fileName}`, output.type === "chunk" ? output.code : String(output.source));
  }
  const styles = [...files.keys()].filter((name) => name.endsWith(".css")).map((name) => `<link rel="stylesheet" href="${name}">`);
  const page = `<!doctype html><html><head>${styles.join("")}</head><body><div id="root"></div><script type="module" src="/harness.js"></script></body></html>`;
  const waiting: ((request: HeldRequest) => void)[] = [];
  const held: HeldRequest[] = [];

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method === "POST" && request.url === "/api/v1/things") {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        const hold: HeldRequest = {
          body: JSON.parse(text) as unknown,
          answer: (status, body) => {
            response.writeHead(status, { "Content-Type": "application/json" });
            response.end(body === undefined ? "" : JSON.stringify(body));
          },
        };
        const next = waiting.shift();
        if (next) next(hold);
        else held.push(hold);
      });
      return;
    }
    const pathname = new URL(request.url ?? "/", "http://harness").pathname;
    const file = pathname === "/" ? null : files.get(pathname);
    const type = file === null ? "text/html" : pathname.endsWith(".css") ? "text/css" : file ? "text/javascript" : "text/plain";
    response.writeHead(200, { "Content-Type": type });
    response.end(file ?? page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    /** The next request the form sends. */
    nextRequest: () => new Promise<HeldRequest>((resolve) => (held.length ? resolve(held.shift()!) : waiting.push(resolve))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let browser: Browser;
let harness: Awaited<ReturnType<typeof startHarnessServer>>;
let page: Page;

beforeAll(async () => {
  [browser, harness] = await Promise.all([launchTestChromium(), startHarnessServer()]);
  return () => Promise.all([browser.close(), harness.close()]).then(() => undefined);
});
afterEach(async () => {
  await page?.context().close();
});

/** Opens the harness and its dialog with the keyboard, as a person tabbing to the button would. */
async function openDialog() {
  page = await (await browser.newContext()).newPage();
  await page.goto(harness.url);
  await page.getByRole("button", { name: "Open thing" }).focus();
  await page.keyboard.press("Enter");
  return page.getByRole("dialog", { name: "Add thing" });
}
/** The dialog opened, its name filled in and a note. */
async function openFilled(name: string) {
  const dialog = await openDialog();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Note").fill("a note");
  return dialog;
}
const focusedId = () => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.textContent);

describe("form kit: a submit and what the API answers", () => {
  it("is busy while the request runs: the submit button spins and is disabled, Cancel and Escape wait", async () => {
    const dialog = await openFilled("first");
    await dialog.getByRole("button", { name: "Save thing" }).click();
    const request = await harness.nextRequest();
    expect(request.body).toEqual({ name: "first", note: "a note" });

    const save = dialog.getByRole("button", { name: "Save thing" });
    expect(await save.getAttribute("aria-busy")).toBe("true");
    expect(await save.isDisabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await dialog.isVisible()).toBe(true);

    request.answer(204);
    await dialog.waitFor({ state: "detached" });
  });

  it("puts the API's field messages at their fields and focuses the first invalid one", async () => {
    const dialog = await openFilled("taken");
    await dialog.getByLabel("Note").press("Enter");
    (await harness.nextRequest()).answer(422, {
      error: { code: "validation_failed", message: "Invalid input", fields: [{ path: "name", message: "That name is already used" }] },
    });

    await dialog.getByText("That name is already used").waitFor();
    const name = dialog.getByLabel("Name");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await name.getAttribute("aria-describedby")).toBe("thing-name-error");
    expect(await dialog.getByLabel("Note").getAttribute("aria-invalid")).toBeNull();
    expect(await focusedId()).toBe("thing-name");
    // Field messages say it all: no form-level message besides them.
    expect(await dialog.getByRole("alert").count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Save thing" }).isEnabled()).toBe(true);
  });

  it("says a refusal without fields in the dialog, in the API's words", async () => {
    const dialog = await openFilled("one too many");
    await dialog.getByRole("button", { name: "Save thing" }).click();
    (await harness.nextRequest()).answer(409, { error: { code: "limit_reached", message: "An account can have at most 3 things." } });

    await dialog.getByRole("alert").waitFor();
    expect(await dialog.getByRole("alert").textContent()).toBe("An account can have at most 3 things.");
  });
});

describe("form kit: focus", () => {
  it("sends focus to the first invalid field when the form's own check refuses, and keeps the hint", async () => {
    const dialog = await openDialog();
    await dialog.getByLabel("Name").fill("fine");
    await dialog.getByRole("button", { name: "Save thing" }).click();

    await dialog.getByText("Note is required").waitFor();
    expect(await focusedId()).toBe("thing-note");
    const note = dialog.getByLabel("Note");
    expect(await note.getAttribute("aria-invalid")).toBe("true");
    expect(await note.getAttribute("aria-describedby")).toBe("thing-note-error thing-note-hint");
    expect(await dialog.getByText("Anything at all.").isVisible()).toBe(true);

    // Again, from elsewhere in the form: focus goes back to the field each time.
    await dialog.getByLabel("Name").focus();
    await dialog.getByRole("button", { name: "Save thing" }).click();
    await page.waitForFunction(() => document.activeElement?.id === "thing-note");
  });

  it("returns focus to the button that opened it, on Cancel, on Escape and after saving", async () => {
    let dialog = await openDialog();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.textContent === "Open thing");

    await page.getByRole("button", { name: "Elsewhere" }).focus();
    await page.getByRole("button", { name: "Open thing" }).click();
    dialog = page.getByRole("dialog", { name: "Add thing" });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.textContent === "Open thing");

    await page.getByRole("button", { name: "Open thing" }).click();
    await dialog.getByLabel("Name").fill("saved");
    await dialog.getByLabel("Note").fill("a note");
    await dialog.getByRole("button", { name: "Save thing" }).click();
    (await harness.nextRequest()).answer(204);
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.textContent === "Open thing");
  });
});

/** What has focus: its aria-label, else its id, else its words. */
const focused = () =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute("aria-label") ?? (active?.id || active?.textContent);
  });

/** Whether a person sees the element: in the viewport, and on top at its centre (nothing covers it). */
const seen = (selector: string) =>
  page.evaluate((css) => {
    const element = document.querySelector(css)!;
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) return false;
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  }, selector);

async function openPage(query = "") {
  page = await (await browser.newContext()).newPage();
  await page.goto(`${harness.url}${query}`);
}

/** Deletes a row from its dialog, opened with the keyboard; the test's server says it is gone. */
async function deleteRow(row: string) {
  await page.getByRole("button", { name: `Delete ${row}` }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete row?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  const request = await harness.nextRequest();
  expect(request.body).toEqual({ delete: row });
  request.answer(204);
  await dialog.waitFor({ state: "detached" });
}

describe("form kit: focus when what opened a dialog is gone", () => {
  it("goes to the same control on the next row, then the previous row's, then what is left in the section", async () => {
    await openPage();
    await deleteRow("beta");
    await expect.poll(focused).toBe("Delete gamma");
    await deleteRow("gamma");
    await expect.poll(focused).toBe("Delete alpha");
    await deleteRow("alpha");
    await expect.poll(focused).toBe("Add a row");
  });

  it("follows the row when the list is read again after the dialog closed", async () => {
    await openPage("?late");
    await deleteRow("alpha");
    await expect.poll(focused).toBe("Delete alpha");
    await page.evaluate(() => (window as unknown as { readListAgain: () => void }).readListAgain());
    await expect.poll(focused).toBe("Delete beta");
  });
});

describe("form kit: the keyboard", () => {
  it("keeps focus on the busy submit button, and on it after a refusal, so Enter sends again", async () => {
    const dialog = await openFilled("first");
    await dialog.getByRole("button", { name: "Save thing" }).focus();
    await page.keyboard.press("Enter");
    const first = await harness.nextRequest();
    expect(await focused()).toBe("Save thing");
    // Busy: Enter again sends nothing (the next request below is the one after the refusal).
    await page.keyboard.press("Enter");
    first.answer(500, { error: { code: "internal", message: "Something broke" } });

    await dialog.getByRole("alert").waitFor();
    expect(await focused()).toBe("Save thing");
    await page.keyboard.press("Enter");
    (await harness.nextRequest()).answer(204);
    await dialog.waitFor({ state: "detached" });
  });

  it("keeps Tab and Shift+Tab inside an open dialog", async () => {
    const dialog = await openDialog();
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")));
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await inside(), key).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await focused()).toBe("Open thing");
  });
});

describe("form kit: a dialog taller than the screen", () => {
  for (const [width, height] of [
    [1280, 800],
    [360, 640],
  ] as const) {
    it(`keeps its buttons in view with every error shown, and the invalid field it focuses clear of them (${width} px)`, async () => {
      page = await (await browser.newContext({ viewport: { width, height } })).newPage();
      await page.goto(harness.url);
      await page.getByRole("button", { name: "Open tall thing" }).click();
      const dialog = page.getByRole("dialog", { name: "Add tall thing" });
      await dialog.getByRole("button", { name: "Save tall thing" }).click();

      await dialog.getByText("field-9 is required: say what it is.").waitFor();
      expect(await focused()).toBe("tall-field-1");
      expect(await page.evaluate(() => document.querySelector("[role=dialog]")!.scrollHeight > window.innerHeight)).toBe(true);
      expect(await seen("[role=dialog] button[type=submit]")).toBe(true);
      expect(await seen("#tall-field-1")).toBe(true);

      // Only the last field left to fix: it is focused and not hidden under the buttons.
      for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) await dialog.getByLabel(`field-${n}`, { exact: true }).fill("x");
      await dialog.getByRole("button", { name: "Save tall thing" }).click();
      await expect.poll(focused).toBe("tall-field-9");
      expect(await seen("#tall-field-9")).toBe(true);
      expect(await seen("[role=dialog] button[type=submit]")).toBe(true);
      expect(await seen("[role=dialog] [data-slot=button]:not([type=submit])")).toBe(true);
    });
  }
});
