// Test-only helpers built on vitest, apart from the fakes (which bench/ and e2e/ use too).
export { pollFor, type PollOptions } from "./poll-for.ts";
export { closedAfter } from "./closed-after.ts";
export { fakeModelTest } from "./fake-model-test.ts";
export { fixtureSitesTest, type OpenPage } from "./fixture-sites-test.ts";
export { serverTest, type ServerScenario } from "./server-test.ts";
