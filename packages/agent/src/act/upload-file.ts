import { readFile } from "node:fs/promises";
import type { ElementHandle, FileChooser } from "playwright-core";
import { callInPageHandle, loadInPageScript } from "../browser/in-page-script.ts";
import { ActionError } from "../types/actions.ts";
import type { AgentFile } from "../types/files.ts";
import { actionTimeout, resolveElement, shortError } from "./action-env.ts";
import type { ActionEnv, ActionOutcome } from "./action-env.ts";
import type { ActionInput } from "./tool-definitions.ts";

const FILE_FIELD_SOURCE = loadInPageScript(new URL("./in-page/file-field.js", import.meta.url));
/** How long a click on a "Choose file" button waits for the file chooser it should open. */
const CHOOSER_TIMEOUT_MS = 3_000;

function label(env: ActionEnv, index: number): string {
  const desc = env.observer.element(index)?.desc;
  return desc ? `[${index}] ${desc}` : `[${index}]`;
}

function names(list: string[]): string {
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/** The attached files the model named, in its order; a name that is not attached is an error listing those that are. */
function pickFiles(env: ActionEnv, wanted: string[]): AgentFile[] {
  const attached = env.files ?? [];
  if (attached.length === 0) throw new ActionError("No files are attached to this run: there is nothing to upload.");
  const list = attached.map((f) => f.name).join(", ");
  return wanted.map((name) => {
    const exact = attached.find((f) => f.name === name.trim());
    const file = exact ?? attached.find((f) => f.name.toLowerCase() === name.trim().toLowerCase());
    if (!file) throw new ActionError(`No attached file is named ${JSON.stringify(name)}. The files you can upload: ${list}.`);
    return file;
  });
}

/**
 * The element itself when it is a file field, else the file field it labels or wraps; else
 * whether clicking it could open a file chooser (not a text field, a submit button or a link
 * that leaves the page: clicking those would do something else).
 */
async function fileInputOf(element: ElementHandle): Promise<{ field: ElementHandle | null; opener: boolean }> {
  const frame = await element.ownerFrame();
  if (!frame) return { field: null, opener: false };
  const handle = await callInPageHandle(frame, FILE_FIELD_SOURCE, element);
  const field = handle.asElement() as ElementHandle | null;
  const opener = field ? false : ((await handle.jsonValue()) as boolean);
  return { field, opener };
}

/** Paths never reach the model: a Playwright error that names one says the file's name instead. */
function withoutPaths(message: string, files: AgentFile[]): string {
  return files.reduce((text, f) => text.split(f.path).join(f.name), message);
}

/**
 * upload_file: puts attached files into a file field, either [index] itself (hidden or not), or
 * the field a "Choose file" button or label opens: it is clicked while the file chooser is
 * caught. Then reads the field back and says what it holds.
 */
export async function uploadFile(env: ActionEnv, input: ActionInput<"upload_file">): Promise<ActionOutcome> {
  const files = pickFiles(env, input.files);
  const element = await resolveElement(env, input.index);
  const at = label(env, input.index);
  // Given as contents under their own names: the field gets the attached name whatever the file on disk is called.
  const payloads = await Promise.all(
    files.map(async (f) => ({ name: f.name, mimeType: f.contentType, buffer: await readFile(f.path) })),
  ).catch(() => {
    throw new ActionError(`The attached file${files.length > 1 ? "s" : ""} ${names(files.map((f) => f.name))} could not be read.`);
  });
  const timeout = actionTimeout(env, CHOOSER_TIMEOUT_MS);
  const found = await fileInputOf(element);
  let field = found.field;
  if (!field && !found.opener)
    throw new ActionError(
      `${at} is not a file field nor a button that opens one. Use the file field, or the button or label that opens it.`,
    );
  try {
    if (field) {
      const multiple = await field.evaluate((e) => (e as unknown as { multiple: boolean }).multiple);
      if (files.length > 1 && !multiple)
        throw new ActionError(
          `${at} takes one file only: upload ${names(files.map((f) => f.name))} one at a time, or into a field that takes several.`,
        );
      await field.setInputFiles(payloads, { timeout });
    } else {
      const page = (await element.ownerFrame())?.page() ?? env.page();
      const chooser = page.waitForEvent("filechooser", { timeout }).catch(() => null);
      await element.click({ timeout }).catch(() => element.evaluate((e) => (e as unknown as { click(): void }).click()));
      const opened: FileChooser | null = await chooser;
      if (!opened)
        throw new ActionError(
          `${at} is not a file field, and clicking it opened no file chooser. Use the file field or the button that opens it.`,
        );
      if (files.length > 1 && !opened.isMultiple())
        throw new ActionError(`The file field ${at} opens takes one file only: upload ${names(files.map((f) => f.name))} one at a time.`);
      await opened.setFiles(payloads, { timeout });
      field = opened.element();
    }
  } catch (error) {
    if (error instanceof ActionError) throw error;
    throw new ActionError(`Could not upload into ${at}: ${withoutPaths(shortError(error), files)}`);
  }
  const held = await field
    .evaluate((e) => Array.from((e as unknown as { files: ArrayLike<{ name: string }> | null }).files ?? [], (f) => f.name))
    .catch(() => null);
  const wanted = files.map((f) => f.name);
  if (held === null) return { ok: true, message: `Chose ${names(wanted)} in ${at}.` };
  if (held.join("\n") !== wanted.join("\n")) {
    return {
      ok: false,
      message: `Tried to choose ${names(wanted)} in ${at}, but the field now holds ${held.length ? names(held) : "no file"}.`,
    };
  }
  return { ok: true, message: `${names(wanted)} ${wanted.length > 1 ? "are" : "is"} now chosen in ${at}.` };
}
