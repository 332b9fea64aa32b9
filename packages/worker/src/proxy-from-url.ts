/**
 * PROXY_URL as Playwright's proxy settings (the login browser uses it too). Trusted: the operator
 * chose it and may run it on the private network, so its own address is not judged (a pool's is).
 */
export function proxyFromUrl(url: string) {
  const parsed = new URL(url);
  return {
    server: `${parsed.protocol}//${parsed.host}`,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    trusted: true,
  };
}
