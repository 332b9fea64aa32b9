import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import errand from "./scripts/lint/eslint-plugin.mjs";
import { knownViolationBlocks } from "./scripts/lint/known-violations.mjs";

// Errand's own rules (boundaries, declared dependencies, function length, no issue numbers) are
// described in docs/adr/0017-enforced-boundaries.md; `npm run lint` (scripts/lint/lint.mjs) runs
// this config, the import-circle check and the formatter's check.

/** Files of the kinds a function-length limit does not fit: tables and scripts that run inside the page. */
const LONG_FUNCTIONS_EXEMPT = [
  // In-page scripts are shipped to the browser as one function's source text (loadInPageScript).
  "packages/agent/src/observe/in-page/**",
  // Protocols written as readable tables (/work/shared/STYLE.md: "a protocol as a readable table").
  "**/tool-definitions.ts",
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "data/**",
      ".tmp/**",
      "test-results/**",
      "playwright-report/**",
      "packages/db/migrations/**",
      "**/.scratch/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { errand },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "errand/boundaries": "error",
      // The SDK's build bundles the contract's route table and inlines its types (ADR 0007), so
      // its sources may import its devDependencies.
      "errand/declared-dependencies": ["error", { bundled: ["packages/sdk"] }],
      "errand/no-issue-numbers": "error",
      // Lines of code only: blank lines and comments do not make a function do more. Both rules
      // skip a test file's describe callbacks (a list of tests, not a function that does things).
      "errand/max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }],
      // Shown by `npm run lint`, which fails only when more functions are over 80 lines than
      // longFunctionsAllowed in scripts/lint/known-violations.json (target 10).
      "errand/long-function": ["warn", { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: LONG_FUNCTIONS_EXEMPT,
    rules: { "errand/max-lines-per-function": "off", "errand/long-function": "off" },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // A Zapier app is CommonJS (Zapier loads index.js with require).
    files: ["integrations/zapier/**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  ...knownViolationBlocks(),
);
