import { useEffect, useState } from "react";

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text of a search box kept in the URL: typing updates the box at once and the URL (through
 * `commit`) once typing pauses; a change of the URL itself (Back, a link) updates the box.
 * `flush` commits at once (Enter).
 */
export function useSearchParamText(urlValue: string, commit: (value: string) => void) {
  const [text, setText] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  if (urlValue !== seen) {
    setSeen(urlValue);
    // Our own commit comes back as the trimmed text: keep what is typed (a trailing space too).
    if (urlValue !== text.trim()) setText(urlValue);
  }

  const wanted = text.trim();
  useEffect(() => {
    if (wanted === urlValue) return;
    const timer = setTimeout(() => commit(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, urlValue, commit]);

  return {
    text,
    setText,
    flush: () => {
      if (wanted !== urlValue) commit(wanted);
    },
  };
}
