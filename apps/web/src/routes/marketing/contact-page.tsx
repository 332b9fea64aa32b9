import { useState } from "react";
import { CheckCircle2, Mail } from "lucide-react";
import { CONTACT_MAILBOX } from "@errand/contract";
import { contactMeta } from "@errand/content/page-meta";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { PageMetaTags } from "../../lib/page/page-meta";
import { useCurrentUser } from "../../session/use-session";
import { ContactForm } from "./contact/contact-form";

/** /contact (spec section 2, "Contact page"; states in section 4). */
export function ContactPage() {
  const user = useCurrentUser();
  const [sent, setSent] = useState(false);
  // A new key remounts the form: after a success it starts empty again.
  const [formKey, setFormKey] = useState(0);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-[1fr_18rem]">
      <PageMetaTags meta={contactMeta()} />
      <div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact us</h1>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          Questions about Errand, an enterprise plan or self-hosting? Send us a message and we will get back to you soon.
        </p>
        <Card className="mt-8">
          <CardContent className="p-6">
            {sent ? (
              <div className="grid justify-items-center gap-3 py-8 text-center" role="status">
                <CheckCircle2 className="size-12 text-green-600" aria-hidden="true" />
                <h2 className="text-xl font-semibold">Message Sent Successfully!</h2>
                <p className="text-muted-foreground">Thank you for contacting us. We&apos;ll get back to you soon.</p>
                <Button variant="outline" onClick={() => setSent(false)}>
                  Send another message
                </Button>
              </div>
            ) : (
              <ContactForm
                key={`${formKey}-${user?.email ?? ""}`}
                defaultEmail={user?.email ?? ""}
                onSent={() => {
                  setFormKey((k) => k + 1);
                  setSent(true);
                }}
              />
            )}
          </CardContent>
        </Card>
      </div>
      <aside className="lg:pt-24" aria-labelledby="contact-mailbox-heading">
        <div className="rounded-xl border bg-muted/40 p-6">
          <Mail className="size-6 text-primary" aria-hidden="true" />
          <h2 id="contact-mailbox-heading" className="mt-3 font-semibold">
            Prefer email?
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">Write to us directly at</p>
          <a
            href={`mailto:${CONTACT_MAILBOX}`}
            className="mt-1 inline-block font-medium break-all text-primary underline-offset-4 hover:underline"
          >
            {CONTACT_MAILBOX}
          </a>
        </div>
      </aside>
    </div>
  );
}
