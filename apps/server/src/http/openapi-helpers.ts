import { apiErrorSchema } from "@errand/contract";
import { z } from "@hono/zod-openapi";

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const commonErrors = {
  400: jsonContent(apiErrorSchema, "Invalid input; `fields` names each problem"),
  401: jsonContent(apiErrorSchema, "Missing or invalid credentials"),
  404: jsonContent(apiErrorSchema, "No such object (or not yours)"),
};

export const idParam = z.object({ id: z.uuid({ error: "id must be a UUID" }) });
