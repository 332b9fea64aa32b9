import { contactMessageResponseSchema, type ContactMessageInput } from "@errand/contract";
import { apiRequest } from "./http";

export function sendContactMessage(input: ContactMessageInput) {
  return apiRequest("/api/v1/contact-messages", contactMessageResponseSchema, { method: "POST", body: input });
}
