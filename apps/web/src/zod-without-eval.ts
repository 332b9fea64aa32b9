// zod compiles parsers with `new Function` when it may; the policy refuses eval, and even zod's
// probe for it is reported as a violation. Parse without it: this is what zod's
// `config({ jitless: true })` sets, in the global object every copy of zod reads its settings
// from, without loading zod into the first-load script (only the pages that validate load it;
// docs/adr/0063-a-lighter-first-load-script.md). zod-without-eval.test.ts holds zod to it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
