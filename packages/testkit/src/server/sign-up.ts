import type { SignedUpUser } from "./types.ts";

/** Signs a new account up on a running Errand server (as its web app does) and reads its API key. */
export async function signUpAt(baseUrl: string, email: string): Promise<SignedUpUser> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password: "secret-password-1" }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const keyRes = await fetch(`${baseUrl}/api/v1/account/api-key`, { headers: { cookie, origin: baseUrl } });
  if (!keyRes.ok) throw new Error(`reading the API key failed: ${keyRes.status} ${await keyRes.text()}`);
  const { api_key: apiKey } = (await keyRes.json()) as { api_key: string };
  return { email, apiKey, cookie };
}
