import { Link } from "react-router";
import { APPLICATIONS } from "@errand/content/applications";
import { ApplicationIcon } from "../../../components/brand/application-icon";
import { HeroGlow, StartFreeTrialLink } from "../../../components/layout/marketing-parts";
import { Button } from "../../../components/ui/button";
import { FEATURES } from "./feature-list";

const MORE_SECTIONS = [
  { id: "comparison", name: "Compared with scrapers & RPA" },
  { id: "self-host", name: "Open source" },
];

/** The page's h1, its calls to action, and a table of contents of the sections below. */
export function FeaturesHero() {
  return (
    <section className="relative border-b">
      <HeroGlow className="-top-40 h-[28rem] bg-primary/15" />
      <div className="mx-auto max-w-4xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Features</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          Everything it takes to hand a web task to an AI agent
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
          Errand works in a real browser: it navigates, logs in with your saved session, gets past bot checks and brings the data back in
          the shape you asked for, with a screenshot of every step.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <StartFreeTrialLink className="w-full sm:w-auto" />
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <Link to="/automations">Browse automations</Link>
          </Button>
        </div>
        <nav aria-label="On this page" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-2">
            {[...FEATURES, ...MORE_SECTIONS].map(({ id, name }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-block rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

/** The known applications, each linking to its ready-made automations. */
export function ApplicationStrip() {
  return (
    <section aria-labelledby="applications-title" className="border-b bg-muted/60">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h2 id="applications-title" className="text-center text-sm font-medium text-muted-foreground">
          Ready-made automations for the sites you already use
        </h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-2">
          {APPLICATIONS.map((app) => (
            <li key={app.key}>
              <Link
                to={`/automations/applications/${app.key}`}
                className="inline-flex items-center gap-2 rounded-full border bg-background py-1.5 pr-3.5 pl-1.5 text-sm font-medium shadow-sm hover:bg-muted"
              >
                <ApplicationIcon application={app.key} className="size-6" />
                {app.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
