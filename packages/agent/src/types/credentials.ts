import type { OpenedCredential } from "@errand/contract";

/** A vault credential opened for the run: the agent types its values, the model never reads them. */
export type AgentCredential = OpenedCredential;
