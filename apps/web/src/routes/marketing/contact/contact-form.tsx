import { useState, type FormEvent } from "react";
import { CONTACT_HONEYPOT_FIELD, contactMessageInputSchema } from "@errand/contract";
import { sendContactMessage } from "../../../api/contact";
import { ApiRequestError } from "../../../api/http";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { Textarea } from "../../../components/ui/textarea";
import { fieldErrorsFromIssues, fieldErrorsFromServer, type FieldErrors } from "../../../lib/forms/form-errors";
import { notify } from "../../../components/ui/notify";
import { errorProps, FormField } from "../../auth/form-field";

/** Email and Message with the spec's messages; "Sending..." while it goes; a hidden honeypot. */
export function ContactForm({ defaultEmail, onSent }: { defaultEmail: string; onSent: () => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const data = new FormData(event.currentTarget);
    const parsed = contactMessageInputSchema.safeParse({
      email: String(data.get("email") ?? ""),
      message: String(data.get("message") ?? ""),
      [CONTACT_HONEYPOT_FIELD]: String(data.get(CONTACT_HONEYPOT_FIELD) ?? "") || undefined,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await sendContactMessage(parsed.data);
    } catch (error) {
      setErrors(fieldErrorsFromServer(error));
      const limited = error instanceof ApiRequestError && error.code === "rate_limited" && error.serverMessage;
      notify.error("Error", limited || "Something went wrong. Please try again.");
      setSubmitting(false);
      return;
    }
    notify.success("Message sent!", "Thank you for contacting us. We'll get back to you soon.");
    onSent();
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-5" aria-label="Contact form">
      <FormField id="contact-email" label="Email" error={errors.email}>
        <Input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={defaultEmail}
          {...errorProps("contact-email", errors.email)}
        />
      </FormField>
      <FormField id="contact-message" label="Message" error={errors.message}>
        <Textarea
          id="contact-message"
          name="message"
          rows={6}
          placeholder="How can we help?"
          {...errorProps("contact-message", errors.message)}
        />
      </FormField>
      {/* Honeypot: hidden from people and assistive tech; bots that fill it are not stored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" disabled={submitting} aria-busy={submitting}>
        {submitting ? <Spinner /> : null}
        {submitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
