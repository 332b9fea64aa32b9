import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The web app's page shell with the markers the server fills (page meta) and the app's root. */
export const SHELL_HTML =
  '<html><head><!--page-meta--><title data-ssr>Errand</title><!--/page-meta--></head><body><div id="root"></div></body></html>';

/**
 * A web build for the app's `webDir`, in a fresh temporary folder: `files` by path below it
 * (folders made as needed), with index.html the shell unless given.
 */
export function fakeWebBuild(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "errand-web-"));
  for (const [name, text] of Object.entries({ "index.html": SHELL_HTML, ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
