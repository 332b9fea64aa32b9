import { workspaces, type Db } from "@errand/db";
import { eq } from "drizzle-orm";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The allowed domains a new run keeps (docs/adr/0049-messages-and-allowed-domains.md): its own or
 * its task's when there are some, else its workspace's default, else none (null). Kept on the run,
 * so a default changed later does not change a run already made.
 */
export async function runAllowedDomains(tx: Tx | Db, workspaceId: string, given: string[] | null | undefined): Promise<string[] | null> {
  if (given && given.length > 0) return given;
  const [row] = await tx.select({ domains: workspaces.defaultAllowedDomains }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.domains && row.domains.length > 0 ? row.domains : null;
}
