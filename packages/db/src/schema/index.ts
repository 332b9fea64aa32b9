export * from "./auth.ts";
export * from "./account.ts";
export * from "./billing.ts";
export * from "./tasks.ts";
export * from "./auth-contexts.ts";
export * from "./automations.ts";
export * from "./webhooks.ts";
export * from "./api.ts";
