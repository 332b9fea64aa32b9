import { z } from "zod";
import { CONTROL_CHARACTERS, controlCharacterMessage } from "./input-limits.ts";

/** Messages to a running agent (docs/adr/0049-messages-and-allowed-domains.md). */
export const RUN_MESSAGE_MAX_LENGTH = 2_000;

export const runMessageInputSchema = z.object({
  text: z
    .string({ error: "text is required" })
    .trim()
    .min(1, { error: "text must not be empty" })
    .max(RUN_MESSAGE_MAX_LENGTH, { error: `text must be at most ${RUN_MESSAGE_MAX_LENGTH} characters` })
    .refine((v) => !CONTROL_CHARACTERS.test(v), { error: controlCharacterMessage("text") }),
});
export type RunMessageInput = z.infer<typeof runMessageInputSchema>;

export const runMessageSchema = z.object({
  id: z.uuid(),
  task_run_id: z.uuid(),
  user_id: z.string().nullable().meta({ description: "Who sent it; null once their account is deleted." }),
  text: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable().meta({ description: "When the agent read it, before its next step; null while it waits." }),
  read_in_step: z.number().int().nullable().meta({ description: "The step whose record acknowledges it; null while unread." }),
});
export type RunMessage = z.infer<typeof runMessageSchema>;

export const runMessageListSchema = z.object({
  messages: z.array(runMessageSchema).meta({ description: "The run's messages, oldest first." }),
});
export type RunMessageList = z.infer<typeof runMessageListSchema>;
