/** Shows a key's kind prefix (e.g. "errand_sk_") and its last 4 characters. */
export function maskApiKey(key: string): string {
  if (!key) return "";
  const prefix = /^[a-z]+_[a-z]+_/.exec(key)?.[0] ?? "";
  const rest = key.slice(prefix.length);
  if (rest.length <= 4) return `${prefix}${"•".repeat(rest.length)}`;
  return `${prefix}${"•".repeat(24)}${rest.slice(-4)}`;
}

/** A ready-to-paste curl command that creates a run with the key. */
export function curlExample(origin: string, key: string): string {
  return [
    `curl -X POST ${origin}/api/v1/runs \\`,
    `  -H "x-api-key: ${key}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"prompt": "Find the top story on Hacker News and return its title"}'`,
  ].join("\n");
}
