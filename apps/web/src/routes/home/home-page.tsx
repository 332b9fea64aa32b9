import { Link } from "react-router";
import { ArrowRight, Sparkles } from "lucide-react";
import { FREE_PROMPTS_AT_SIGNUP, PRODUCT_NAME } from "@errand/contract";
import { Button } from "../../components/ui/button";

/** "/" for visitors. The full home page (prompt box, use cases, pricing) arrives in a later issue. */
export function HomePage() {
  return (
    <section className="relative flex flex-1 items-center overflow-hidden">
      <title>{`${PRODUCT_NAME} | Automate web tasks with simple prompts`}</title>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[28rem] max-w-3xl rounded-full bg-primary/15 blur-3xl"
      />
      <div className="mx-auto w-full max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          {FREE_PROMPTS_AT_SIGNUP} free prompts, no card needed
        </p>
        <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          Automate any web task with a <span className="text-primary">simple prompt</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
          Describe what you need in plain language. An AI agent opens a real browser, navigates, fills forms and
          extracts the data for you, with a screenshot of every step.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link to="/signup">
              Start for free
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
            <Link to="/login">Log in</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
