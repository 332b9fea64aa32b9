import { downloadText } from "../../lib/browser/clipboard";
import { useSubmit } from "./use-submit";

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
 * A button's download of a file the API makes (a CSV, a script): busy while it comes (the form
 * kit's submit, so the button keeps focus; ADR 0058), then saved under its name; a failure is told
 * in a toast ("… could not be downloaded. Try again.").
 */
export function useFileDownload({ fetch, fallbackName, what, type }: FileDownload) {
  return useSubmit({
    action: async () => {
      const file = await fetch();
      downloadText(file.fileName ?? fallbackName, file.text, type);
    },
    failure: { title: "Download failed", message: `${what} could not be downloaded. Try again.` },
  });
}
