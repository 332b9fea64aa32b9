/** Address bar input → the URL to open, or null when there is nothing to open. */
export function normalizeAddress(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(value) || /^(about|data|blob|javascript|mailto|file):/i.test(value)) return value;
  if (/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(?=[:/?#]|$)/i.test(value)) return `http://${value}`;
  return `https://${value}`;
}
