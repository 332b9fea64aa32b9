import { useState } from "react";
import { downloadText } from "../../lib/browser/clipboard";
import { notify } from "./notify";

/** A file the API answers as text, with the name it gives (null when it gave none). */
type TextFile = { text: string; fileName: string | null };

interface FileDownload {
  /** The file to fetch. */
  fetch: () => Promise<TextFile>;
  /** Its name when the API gave none. */
  fallbackName: string;
  /** What could not be downloaded, e.g. "The results". */
  what: string;
  /** Its media type (default CSV). */
  type?: string;
}

/**
 * A button's download of a file the API makes (a CSV, a script): busy while it comes, then saved
 * under its name; a failure is told in a toast ("… could not be downloaded. Try again.").
 */
export function useFileDownload({ fetch, fallbackName, what, type }: FileDownload) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const file = await fetch();
      downloadText(file.fileName ?? fallbackName, file.text, type);
    } catch {
      notify.error("Download failed", `${what} could not be downloaded. Try again.`);
    } finally {
      setBusy(false);
    }
  }
  return { busy, download };
}
