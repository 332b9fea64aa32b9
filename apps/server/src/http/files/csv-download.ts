import type { Context } from "hono";
import { attachmentDisposition } from "./content-disposition.ts";

/**
 * A verb's CSV file as a download (an operation's `?format=csv`): saved under its name, and
 * never sniffed as anything but text.
 */
export function csvDownload(c: Context, file: { filename: string; csv: string }) {
  return c.body(file.csv, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": attachmentDisposition(file.filename),
    "x-content-type-options": "nosniff",
  });
}
