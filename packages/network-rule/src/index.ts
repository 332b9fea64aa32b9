// The private-address rule (docs/security.md, "The agent's browser" and "Webhooks"): one module
// for the agent, the services and the worker, so the rule is written once.
export { createAddressPolicy, hostIsAllowed, isPublicAddress } from "./address-policy.ts";
export type { Admission, AddressPolicy, ConnectionPolicy, LookupFn, NetworkPolicyOptions, Verdict } from "./address-policy.ts";
export { domainIsAllowed } from "./allowed-domains.ts";
