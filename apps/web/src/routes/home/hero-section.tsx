import { Sparkles } from "lucide-react";
import { FREE_PROMPTS_AT_SIGNUP } from "@errand/contract";
import { HeroGlow } from "../../components/layout/marketing-parts";
import { HeroPrompt } from "./hero-prompt";

/** The hero: headline, sub-line and the prompt box. The text renders at once (no entrance animation). */
export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <HeroGlow className="-top-40 h-[28rem] bg-primary/15" />
      <div className="mx-auto w-full max-w-4xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28">
        <h1 id="hero-heading" className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          Automate any web task with a <span className="text-primary">simple prompt</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
          Describe what you need in plain language. An AI agent opens a real browser, navigates, fills forms and extracts the data for you,
          with a screenshot of every step.
        </p>
        <div className="mt-10">
          <HeroPrompt />
        </div>
        <p className="mt-4 inline-flex items-center gap-2 text-sm text-muted-foreground">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          {`${FREE_PROMPTS_AT_SIGNUP} free prompts, no card needed`}
        </p>
      </div>
    </section>
  );
}
