// @errand/services/contact: the contact form.
export { sendContactMessage, CONTACT_RATE_LIMIT, CONTACT_WINDOW_SECONDS } from "./send-contact-message.ts";
