import { evaluations } from "@errand/db";
import { ownership } from "../ownership.ts";

/** The caller's evaluation, or "Evaluation not found" (src/ownership.ts). */
export const {
  own: ownEvaluation,
  where: callersEvaluation,
  notFound: evaluationNotFound,
} = ownership(evaluations, evaluations.id, evaluations.workspaceId, "Evaluation");
