import { apiErrorSchema } from "../errors.ts";
import { RUN_MESSAGE_MAX_LENGTH, runMessageInputSchema, runMessageListSchema, runMessageSchema } from "../run-messages.ts";
import { area, byId, created, idParam, jsonBody, jsonContent, ok } from "./describe.ts";

const op = area(["Runs"]);

/** Messages to a running agent (docs/adr/0049-messages-and-allowed-domains.md). */
export const runMessageOperations = {
  sendRunMessage: op("sendRunMessage", {
    summary: "Tell a running agent something",
    description: `The agent reads the message (at most ${RUN_MESSAGE_MAX_LENGTH} characters) before its next step, as the person's message, and that step's record acknowledges it ("Read your message: ..."). It stays in the run's history (GET /runs/{id}/messages). A run that has ended refuses it with 409 and the reason.`,
    request: { params: idParam, body: jsonBody(runMessageInputSchema) },
    responses: created(runMessageSchema, "The message, waiting for the agent's next step", {
      409: jsonContent(apiErrorSchema, "The run has already ended"),
    }),
  }),
  listRunMessages: op("listRunMessages", {
    summary: "The messages sent to a run's agent, oldest first",
    request: byId,
    responses: ok(runMessageListSchema, "The messages"),
  }),
};
