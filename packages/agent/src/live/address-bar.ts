import type { AddressPolicy } from "../safety/address-policy.ts";

export type AddressVerdict = { open: string } | { notice: string } | { ignore: true };

// "mailto:x", "about:blank", "https://x" have a scheme; "localhost:3000/x" and "example.com" do not.
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;

/**
 * What to do with an address typed into the viewer's address bar: http(s) only ("https://" is
 * added when no scheme is given), and only what the run's address policy allows.
 */
export async function checkAddress(typed: string, policy: AddressPolicy): Promise<AddressVerdict> {
  const trimmed = typed.trim();
  if (!trimmed) return { ignore: true };
  const withScheme = SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { notice: "That is not a valid address." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { notice: "Only http and https addresses can be opened." };
  const verdict = await policy.check(url.href);
  if (!verdict.allowed) return { notice: `Blocked: ${verdict.reason}` };
  return { open: url.href };
}
