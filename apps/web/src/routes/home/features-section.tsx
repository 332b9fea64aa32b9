import { AppWindow, Braces, Camera, GitFork, KeyRound, Webhook, type LucideIcon } from "lucide-react";
import { SectionHeading, SectionMoreLink } from "./section-heading";

const FEATURES: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: AppWindow,
    title: "A real browser",
    text: "The agent works in a real Chromium browser: it navigates, clicks, types and fills forms the way a person would.",
  },
  {
    icon: Braces,
    title: "Structured output",
    text: "Get results as text or as JSON that follows your schema. Tables download as CSV in one click.",
  },
  {
    icon: KeyRound,
    title: "Saved logins, encrypted",
    text: "Sign in to a site once. The session is stored encrypted and reused by the tasks that need it.",
  },
  {
    icon: Webhook,
    title: "API & webhooks",
    text: "Start runs from your own code with an API key and receive the results on your webhook URL.",
  },
  {
    icon: Camera,
    title: "Live steps with screenshots",
    text: "Follow every step as it happens, with a screenshot per step, and re-run saved tasks whenever you like.",
  },
  {
    icon: GitFork,
    title: "Open source, self-hostable",
    text: "The code is public. Use the hosted service or run the whole stack on your own servers.",
  },
];

/** The feature grid: six cards, then a link to /features. */
export function FeaturesSection() {
  return (
    <section aria-labelledby="features-heading" className="border-t">
      <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <SectionHeading id="features-heading" eyebrow="Features" title="Everything an errand needs">
          From the first click to clean data in your app, with every step on record.
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <SectionMoreLink to="/features">See all features</SectionMoreLink>
      </div>
    </section>
  );
}
