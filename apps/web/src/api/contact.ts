import { publicOperations, type ContactMessageInput } from "@errand/contract";
import { callOperation } from "./operation";

export function sendContactMessage(input: ContactMessageInput) {
  return callOperation(publicOperations.sendContactMessage, { body: input });
}
