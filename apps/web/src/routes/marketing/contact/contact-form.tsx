import { CONTACT_HONEYPOT_FIELD, contactMessageInputSchema, type ContactMessageInput } from "@errand/contract";
import { sendContactMessage } from "../../../api/contact";
import { ApiRequestError } from "../../../api/http";
import { BusyButton } from "../../../components/ui/busy-button";
import { Form } from "../../../components/ui/form";
import { FormField } from "../../../components/ui/form-field";
import { notify } from "../../../components/ui/notify";
import { Textarea } from "../../../components/ui/textarea";
import { useSubmit } from "../../../components/ui/use-submit";
import { fieldErrorsFromIssues } from "../../../lib/forms/form-errors";
import { formText } from "../../../lib/forms/form-values";
import { EmailField } from "../../auth/auth-form";

/** Email and Message with the spec's messages; "Sending..." while it goes; a hidden honeypot. */
export function ContactForm({ defaultEmail, onSent }: { defaultEmail: string; onSent: () => void }) {
  const send = useSubmit({
    action: (message: ContactMessageInput) => sendContactMessage(message),
    onSuccess: () => {
      notify.success("Message sent!", "Thank you for contacting us. We'll get back to you soon.");
      onSent();
    },
    // Sent too often: the server says when to try again; anything else is the spec's message.
    failure: (error) => ({
      message:
        (error instanceof ApiRequestError && error.code === "rate_limited" && error.serverMessage) ||
        "Something went wrong. Please try again.",
    }),
  });

  function submit(form: HTMLFormElement) {
    const text = formText(form);
    const parsed = contactMessageInputSchema.safeParse({
      email: text("email"),
      message: text("message"),
      [CONTACT_HONEYPOT_FIELD]: text(CONTACT_HONEYPOT_FIELD) || undefined,
    });
    if (parsed.success) send.run(parsed.data);
    else send.invalid(fieldErrorsFromIssues(parsed.error.issues));
  }

  return (
    <Form submit={send} onSubmit={submit} className="grid gap-5" aria-label="Contact form">
      <EmailField id="contact-email" error={send.errors.email} defaultValue={defaultEmail} required={false} />
      <FormField id="contact-message" label="Message" error={send.errors.message}>
        <Textarea name="message" rows={6} placeholder="How can we help?" />
      </FormField>
      {/* Honeypot: hidden from people and assistive tech; bots that fill it are not stored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <BusyButton type="submit" className="w-full sm:w-auto sm:justify-self-start" busy={send.busy} busyLabel="Sending...">
        Send Message
      </BusyButton>
    </Form>
  );
}
