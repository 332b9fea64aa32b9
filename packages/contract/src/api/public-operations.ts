import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import { demoRunSchema } from "../tasks.ts";
import { sharedRunSchema } from "../sharing.ts";
import { contactMessageInputSchema, contactMessageResponseSchema } from "../contact.ts";
import { commonErrors, idParam, jsonBody, jsonContent, operation, textParam } from "./describe.ts";

/** Operations anyone may call, without a key: demos, shared runs, the contact form. */
export const publicOperations = {
  getDemoRun: operation("getDemoRun", {
    tags: ["Demos"],
    summary: "A public run with its steps, for the demo replay (no key needed)",
    security: [],
    request: { params: idParam },
    responses: { 200: jsonContent(demoRunSchema, "The public run"), ...commonErrors },
  }),
  getSharedRun: operation("getSharedRun", {
    tags: ["Demos"],
    summary: "A shared run with its steps, for whoever has the link (no key needed)",
    description: "The demo's shape; screenshots are signed URLs that expire after 10 minutes. A link its owner revoked answers 404.",
    security: [],
    request: { params: z.object({ token: textParam("token") }) },
    responses: { 200: jsonContent(sharedRunSchema, "The shared run"), ...commonErrors },
  }),
  sendContactMessage: operation("sendContactMessage", {
    tags: ["Contact"],
    summary: "Send us a message (anonymous, or as the signed-in user from the web app)",
    security: [],
    request: { body: jsonBody(contactMessageInputSchema) },
    responses: {
      201: jsonContent(contactMessageResponseSchema, "Received"),
      400: commonErrors[400],
      429: jsonContent(apiErrorSchema, "Too many messages from this address"),
    },
  }),
};
