// @errand/services/run-messages: what people tell a running agent (docs/adr/0049-messages-and-allowed-domains.md).
export { sendRunMessage } from "./send-run-message.ts";
export { listRunMessages } from "./list-run-messages.ts";
export { takeRunMessages } from "./take-run-messages.ts";
