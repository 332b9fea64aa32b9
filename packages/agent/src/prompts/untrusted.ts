/**
 * Page text goes to the model between <page_content> markers; the system prompt says all of it
 * is untrusted data. A page cannot close the marker early: look-alike tags in it are defused.
 */
export function wrapUntrusted(text: string): string {
  const safe = text.replace(/<(\/?)(page_content)/gi, "<$1$2_");
  return `<page_content>\n${safe}\n</page_content>`;
}
