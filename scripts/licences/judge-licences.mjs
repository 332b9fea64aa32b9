// Each production package's licence against the policy (licence-policy.mjs).
import { ALLOWED_LICENCES, LICENCE_EXCEPTIONS } from "./licence-policy.mjs";
import { parseExpression, satisfies } from "./spdx-expression.mjs";

/**
 * Adds `verdict` to each package: "allowed", "exception" (accepted by hand, see the policy),
 * "incompatible" (a licence expression no allowed licence satisfies) or "unknown" (no licence,
 * or one that is not an SPDX expression).
 */
export function judgeLicences(packages, { allowed = ALLOWED_LICENCES, exceptions = LICENCE_EXCEPTIONS } = {}) {
  return packages.map((pkg) => {
    const exception = exceptions[pkg.name];
    if (exception && exception.declared === pkg.licence) return { ...pkg, verdict: "exception", reason: exception.reason };
    const tree = pkg.licence ? parseExpression(pkg.licence) : undefined;
    if (!tree) return { ...pkg, verdict: "unknown" };
    return { ...pkg, verdict: satisfies(tree, (id) => Object.hasOwn(allowed, id)) ? "allowed" : "incompatible" };
  });
}

/** One line per package that fails, naming it and why. */
export function licenceProblems(judged) {
  return judged
    .filter((pkg) => pkg.verdict === "incompatible" || pkg.verdict === "unknown")
    .map((pkg) =>
      pkg.verdict === "unknown"
        ? `${pkg.name}@${pkg.version}: unknown licence (${pkg.licence ? `"${pkg.licence}" is not an SPDX expression` : "none declared"})`
        : `${pkg.name}@${pkg.version}: ${pkg.licence} is not compatible with Apache-2.0`,
    );
}
