import { DEFAULT_MODEL, createEvaluationSchema, type EvaluationSuite } from "@errand/contract";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { invalid } from "../errors.ts";
import { parseOrThrow } from "../parse-or-throw.ts";

/** What POST /evaluations sends: a JSON body, or the suite as YAML text with models beside it. */
export type EvaluationInput = { body: unknown; idempotencyKey?: string } | { yaml: string; models?: string; idempotencyKey?: string };

export interface ParsedEvaluation {
  suite: EvaluationSuite;
  models: string[];
  idempotencyKey: string | undefined;
}

/** The largest YAML text read: 200 cases of long prompts fit well below it. */
const YAML_MAX_CHARACTERS = 2_000_000;

/**
 * The suite and the models it runs against, validated: the models sent with it win over the
 * suite's own, and neither means the default model. A bad field answers 400 naming it and its
 * case (`suite.cases.2.prompt`); YAML that does not parse names its line.
 */
export function parseEvaluationInput(input: EvaluationInput): ParsedEvaluation {
  const body = "yaml" in input ? { suite: suiteFromYaml(input.yaml), models: input.models } : input.body;
  const parsed = parseOrThrow(createEvaluationSchema, body);
  return {
    suite: parsed.suite,
    models: parsed.models ?? parsed.suite.models ?? [DEFAULT_MODEL],
    idempotencyKey: parsed.idempotency_key ?? input.idempotencyKey ?? undefined,
  };
}

function suiteFromYaml(text: string): unknown {
  if (text.length > YAML_MAX_CHARACTERS) throw invalid([{ path: "suite", message: "the suite must be at most 2,000,000 characters" }]);
  try {
    // The core schema builds plain data only; aliases are bounded so a small text cannot expand to a huge one.
    return parseYaml(text, { maxAliasCount: 100 }) as unknown;
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? ` (line ${error.linePos[0].line})` : "";
    throw invalid([{ path: "suite", message: `the suite is not valid YAML${where}` }]);
  }
}
