import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import { demoRunSchema } from "../tasks.ts";
import { sharedRunSchema } from "../sharing.ts";
import { contactMessageInputSchema, contactMessageResponseSchema } from "../contact.ts";
import { area, byId, commonErrors, idParam, jsonBody, jsonContent, ok, textParam } from "./describe.ts";

const demos = area(["Demos"]);

/** Operations anyone may call, without a key: demos, shared runs, the contact form. */
export const publicOperations = {
  getDemoRun: demos("getDemoRun", {
    summary: "A public run with its steps, for the demo replay (no key needed)",
    security: [],
    request: byId,
    responses: ok(demoRunSchema, "The public run"),
  }),
  getSharedRun: demos("getSharedRun", {
    summary: "A shared run with its steps, for whoever has the link (no key needed)",
    description:
      "The demo's shape; each step's screenshot_url works while the run is shared (GET /shared/{token}/screenshots/{id}). A link its owner revoked answers 404, and so do its screenshots.",
    security: [],
    request: { params: z.object({ token: textParam("token") }) },
    responses: ok(sharedRunSchema, "The shared run"),
  }),
  getSharedScreenshot: demos("getSharedScreenshot", {
    summary: "A step's screenshot of a shared run, for whoever has the link (no key needed)",
    description: "The link a shared run's screenshot_url gives. Checked on each use: once the owner stops sharing the run it answers 404.",
    security: [],
    request: { params: z.object({ token: textParam("token"), id: idParam.shape.id }) },
    responses: {
      200: { description: "The screenshot", content: { "image/png": { schema: z.string().meta({ format: "binary" }) } } },
      404: jsonContent(apiErrorSchema, "Not shared (any more), or no such screenshot"),
      400: commonErrors[400],
    },
  }),
  sendContactMessage: area(["Contact"])("sendContactMessage", {
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
