import type { MailboxInput } from "@errand/contract";

/** A vault credential opened for the run: the agent types its values, the model never reads them (docs/architecture.md, "The credential vault"). */
export interface AgentCredential {
  name: string;
  domains: string[];
  username: string;
  password: string;
  totp_secret?: string;
  /** The IMAP mailbox e-mailed codes and links arrive in (docs/adr/0053-*); its password is a secret like the others. */
  mailbox?: MailboxInput;
}
