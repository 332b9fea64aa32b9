import { loadConfig } from "@errand/config";
import { resealSecrets } from "@errand/services/secrets";
import { createRuntime } from "../runtime/create-runtime.ts";

const USAGE = "Usage: errand secrets rotate   (with the new ENCRYPTION_KEY and the old one in ENCRYPTION_KEY_PREVIOUS)\n";

/** `errand secrets rotate`: re-seals API keys, webhook secrets, saved logins and vault credentials with the current ENCRYPTION_KEY. */
export async function secretsCommand(args: string[]): Promise<number> {
  if (args[0] !== "rotate") {
    process.stderr.write(USAGE);
    return 2;
  }
  const runtime = await createRuntime(loadConfig(), { logLevel: "warn" });
  try {
    const report = await resealSecrets({ ctx: runtime.ctx, input: {} });
    process.stdout.write(
      `Re-sealed with the current ENCRYPTION_KEY: ${report.apiKeys} API keys, ${report.webhookSecrets} webhook secrets, ${report.accountWebhookSecrets} account webhook secrets, ${report.authContexts} saved logins, ${report.credentials} vault credentials, ${report.proxies} proxy logins.\n` +
        (report.unreadable
          ? `${report.unreadable} values are sealed with a key that is not configured: they were left as they are.\n`
          : "") +
        "Once every server runs with the new key, ENCRYPTION_KEY_PREVIOUS can be removed.\n",
    );
    return 0;
  } finally {
    await runtime.close();
  }
}
