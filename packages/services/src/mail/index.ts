// @errand/services/mail: sMTP or the DATA_DIR outbox, and the messages Errand sends.
export { createMailer, type Mailer, type MailMessage } from "./create-mailer.ts";
export { resetPasswordEmail } from "./reset-password-email.ts";
export { budgetAlertEmail } from "./budget-alert-email.ts";
