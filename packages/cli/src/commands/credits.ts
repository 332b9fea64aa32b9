import { loadConfig } from "@errand/config";
import { formatCreditsAsDollars } from "@errand/contract";
import { grantCredits } from "@errand/services/billing";
import { createRuntime } from "../runtime/create-runtime.ts";

const USAGE = "Usage: errand credits grant <email> <dollars>\n";

/** `errand credits grant <email> <dollars>`: an operator adds credits, recorded as a transaction. */
export async function creditsCommand(args: string[]): Promise<number> {
  const [action, email, dollarsText] = args;
  const dollars = Number(dollarsText);
  if (action !== "grant" || !email || !dollarsText || !Number.isFinite(dollars)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const runtime = await createRuntime(loadConfig(), { logLevel: "warn" });
  try {
    const result = await grantCredits({ ctx: runtime.ctx, input: { email, dollars } });
    process.stdout.write(
      `Granted $${dollars.toFixed(2)} to ${email}. Balance: ${formatCreditsAsDollars(result.credits)} (transaction ${result.transactionId}).\n`,
    );
    return 0;
  } finally {
    await runtime.close();
  }
}
