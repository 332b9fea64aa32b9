import { Cpu, Database, ExternalLink, FolderGit2, ReceiptText } from "lucide-react";
import { REPOSITORY_URL } from "@errand/contract";
import { Button } from "../../../components/ui/button";

const REPOSITORY_FOLDER = REPOSITORY_URL.replace(/\/+$/, "").split("/").pop() ?? "errand";

const code = (text: string) => <code className="font-mono text-[0.9em] text-white">{text}</code>;

const POINTS = [
  {
    icon: FolderGit2,
    text: "The whole product is open source: the web app, the API, the agent and the worker.",
  },
  {
    icon: Cpu,
    text: "Bring your own model key: OpenAI, Anthropic, or any OpenAI-compatible endpoint such as Ollama or vLLM.",
  },
  {
    icon: Database,
    text: <>Postgres comes embedded, or point {code("DATABASE_URL")} at your own.</>,
  },
  {
    icon: ReceiptText,
    text: <>Set {code("BILLING=off")} and there are no credits, purchases or charges.</>,
  },
];

/** Open source and self-hosting, with the commands to run it. */
export function SelfHostSection() {
  return (
    <section id="self-host" aria-labelledby="self-host-title" className="scroll-mt-28 bg-zinc-950 py-16 text-zinc-100 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-indigo-300 uppercase">Open source</p>
          <h2 id="self-host-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Self-host with one command
          </h2>
          <p className="mt-4 text-lg text-pretty text-zinc-300">
            Run Errand on your own machine or server. <code className="font-mono text-zinc-100">npm start</code> needs only Node and
            Chromium, installs what is missing and serves the app.
          </p>
          <ul className="mt-6 space-y-3">
            {POINTS.map(({ icon: Icon, text }, i) => (
              <li key={i} className="flex gap-3 text-zinc-200">
                <Icon className="mt-0.5 size-5 shrink-0 text-indigo-300" aria-hidden="true" />
                <span className="min-w-0">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="min-w-0">
          <div className="overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 shadow-xl">
            <p className="border-b border-zinc-800 px-4 py-2.5 text-xs font-medium text-zinc-400">Terminal</p>
            <pre tabIndex={0} className="overflow-x-auto p-4 font-mono text-sm leading-relaxed">
              <code>
                <span className="text-zinc-500 select-none">$ </span>
                {`git clone ${REPOSITORY_URL}`}
                {"\n"}
                <span className="text-zinc-500 select-none">$ </span>
                {`cd ${REPOSITORY_FOLDER} && npm start`}
              </code>
            </pre>
          </div>
          <Button asChild size="lg" className="mt-6 w-full bg-white text-zinc-950 hover:bg-zinc-200 sm:w-auto">
            <a href={REPOSITORY_URL} target="_blank" rel="noopener noreferrer">
              View the source code
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
