import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { Errand, ErrandError } from "@errand/sdk";

const USAGE = "Usage: errand account delete [--yes] (with ERRAND_URL and ERRAND_API_KEY, the personal key)";

/**
 * `errand account delete`: deletes the key's account on a server through the SDK
 * (docs/adr/0040-team-workspaces-outlive-their-members.md). It asks for the account's e-mail to
 * be typed first, as the web app does; `--yes` skips that for scripts. A refusal (a named key,
 * the last owner of a team workspace) is printed as the server says it, exit 1.
 */
export async function accountCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { yes: { type: "boolean", default: false } } });
  const remote = { baseUrl: process.env.ERRAND_URL, apiKey: process.env.ERRAND_API_KEY };
  if (positionals.join(" ") !== "delete" || !remote.baseUrl || !remote.apiKey) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const errand = new Errand({ baseUrl: remote.baseUrl, apiKey: remote.apiKey, userAgent: "errand-cli" });
  try {
    const { email } = await errand.account.get();
    if (!values.yes && !(await confirmed(email))) {
      process.stderr.write("Not deleted: the e-mail typed is not the account's.\n");
      return 1;
    }
    await errand.account.delete();
    process.stdout.write(`Deleted the account ${email}.\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof ErrandError)) throw error;
    process.stderr.write(`Not deleted: ${error.message}\n`);
    return 1;
  }
}

/** Whether the person typed the account's e-mail (any case) when asked; no input is no. */
async function confirmed(email: string): Promise<boolean> {
  const question = `This deletes the account ${email}, its personal workspace and everything in it; it cannot be undone.\nType the account's e-mail to confirm: `;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const typed = await new Promise<string>((resolve) => {
    prompt.on("close", () => resolve(""));
    prompt.question(question).then(resolve, () => resolve(""));
  });
  prompt.close();
  return typed.trim().toLowerCase() === email.toLowerCase();
}
