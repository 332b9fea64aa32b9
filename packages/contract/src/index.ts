export * from "./constants.ts";
export * from "./format.ts";
export * from "./errors.ts";
export * from "./account.ts";
export * from "./runs.ts";
export * from "./tasks.ts";
export * from "./automations.ts";
export * from "./contact.ts";
