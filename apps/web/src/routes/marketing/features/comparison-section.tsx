const ROWS: { topic: string; errand: string; traditional: string }[] = [
  {
    topic: "Setup",
    errand: "Describe the task in plain language.",
    traditional: "Write selectors and scripts, or record and tune a bot flow.",
  },
  {
    topic: "When the site changes",
    errand: "The agent reads the page at every step, so layout changes often need no fix.",
    traditional: "Selectors break and the script has to be updated.",
  },
  {
    topic: "Logins",
    errand: "Log in once in a live browser; the encrypted session is reused.",
    traditional: "Script the login flow and keep credentials or cookies yourself.",
  },
  {
    topic: "Output",
    errand: "Text, or JSON checked against your schema; tables download as CSV.",
    traditional: "Whatever your code produces; validation is up to you.",
  },
  {
    topic: "Maintenance",
    errand: "Adjust the prompt when the task changes.",
    traditional: "Ongoing fixes as sites and flows change.",
  },
  {
    topic: "Who can build it",
    errand: "Anyone who can describe the task.",
    traditional: "Developers or trained RPA builders.",
  },
  {
    topic: "Speed and cost per run",
    errand: "Each step waits for the model, so runs take seconds to minutes and use model tokens.",
    traditional: "Fast and cheap per run once built.",
  },
];

/** Errand next to hand-written scrapers and RPA bots, row by row. */
export function ComparisonSection() {
  return (
    <section id="comparison" aria-labelledby="comparison-title" className="scroll-mt-28 py-16 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <h2 id="comparison-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Errand compared with traditional tools
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-pretty text-muted-foreground">
          Scrapers and RPA bots follow fixed instructions you write in advance. Errand decides each step from what is on the screen. Both
          have their place.
        </p>
        {/* Focusable so keyboard users can scroll the table sideways on narrow screens. */}
        <div
          role="region"
          aria-labelledby="comparison-title"
          tabIndex={0}
          className="mt-8 overflow-x-auto rounded-xl border bg-card shadow-sm"
        >
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">Errand compared with traditional scrapers and RPA, by topic</caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="w-1/5 px-4 py-3 font-semibold">
                  <span className="sr-only">Topic</span>
                </th>
                <th scope="col" className="px-4 py-3 font-semibold text-primary">
                  Errand
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Traditional scrapers &amp; RPA
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {ROWS.map((row) => (
                <tr key={row.topic} className="align-top">
                  <th scope="row" className="px-4 py-3 font-medium">
                    {row.topic}
                  </th>
                  <td className="px-4 py-3">{row.errand}</td>
                  <td className="px-4 py-3">{row.traditional}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">
          For very high-volume jobs on pages that rarely change, a hand-written scraper is still the cheaper choice.
        </p>
      </div>
    </section>
  );
}
