import type { ContactMessageInput } from "@errand/contract";
import { callOperation } from "./operation";

export function sendContactMessage(input: ContactMessageInput) {
  return callOperation("sendContactMessage", { body: input });
}
