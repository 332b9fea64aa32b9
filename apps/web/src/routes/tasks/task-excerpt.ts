/** The start of a prompt on one line, for labels and dialogs: "Find the cheapest…". */
export function taskExcerpt(prompt: string, max = 80): string {
  const line = prompt.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
