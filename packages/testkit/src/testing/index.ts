// Test-only helpers built on vitest, apart from the fakes (which bench/ and e2e/ use too).
export { pollFor, type PollOptions } from "./poll-for.ts";
export { serverTest } from "./server-test.ts";
