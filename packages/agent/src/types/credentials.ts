/** A vault credential opened for the run: the agent types its values, the model never reads them (docs/architecture.md, "The credential vault"). */
export interface AgentCredential {
  name: string;
  domains: string[];
  username: string;
  password: string;
  totp_secret?: string;
}
