import { useEffect } from "react";
import { Link, useLocation, useParams } from "react-router";
import { ChevronLeft } from "lucide-react";
import { findGuide, type GuideBlock } from "@errand/content/guides";
import { PageTitle } from "../../../lib/page/page-title";
import { NotFoundPage } from "../../not-found/not-found-page";
import { GuideList } from "./guide-list";
import { GuideText } from "./guide-text";

const preClass = "overflow-x-auto rounded-lg bg-foreground p-4 font-mono text-xs leading-relaxed text-background";

/** /docs/guides/:slug: one guide (packages/content/src/guides), beside the REST reference on /docs. */
export function GuidePage() {
  const { slug = "" } = useParams();
  const { hash } = useLocation();
  const guide = findGuide(slug);

  // A link such as Setup's (/docs/guides/n8n-integration#setup) lands on its section.
  useEffect(() => {
    if (guide && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [guide, hash]);

  if (!guide) return <NotFoundPage />;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title={guide.title} />
      <meta name="description" content={guide.description} />
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <aside className="hidden lg:block">
          <nav aria-label="Guides" className="sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto pr-2 pb-4">
            <GuideList current={guide.slug} compact />
          </nav>
        </aside>
        <article className="min-w-0" aria-labelledby="guide-title">
          <Link to="/docs" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ChevronLeft className="size-4" aria-hidden="true" />
            Docs
          </Link>
          <h1 id="guide-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
            {guide.title}
          </h1>
          <p className="mt-3 max-w-2xl text-muted-foreground">{guide.description}</p>
          {guide.sections.length > 1 ? (
            <nav aria-label="On this page" className="mt-6 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {guide.sections.map((section) => (
                <a key={section.id} href={`#${section.id}`} className="text-primary underline-offset-4 hover:underline">
                  {section.heading}
                </a>
              ))}
            </nav>
          ) : null}
          <div className="mt-8 space-y-10">
            {guide.sections.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
                <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
                  {section.heading}
                </h2>
                <div className="mt-3 grid max-w-3xl gap-3 text-sm leading-relaxed sm:text-base">
                  {section.blocks.map((block, index) => (
                    // A guide's blocks are static content: their place is their identity.
                    <Block key={index} block={block} />
                  ))}
                </div>
              </section>
            ))}
          </div>
          <nav aria-label="More guides" className="mt-12 border-t pt-6 lg:hidden">
            <GuideList current={guide.slug} compact />
          </nav>
        </article>
      </div>
    </div>
  );
}

function Block({ block }: { block: GuideBlock }) {
  switch (block.kind) {
    case "text":
      return (
        <p>
          <GuideText text={block.text} />
        </p>
      );
    case "steps":
    case "list": {
      const List = block.kind === "steps" ? "ol" : "ul";
      return (
        <List className={`grid gap-2 pl-5 ${block.kind === "steps" ? "list-decimal" : "list-disc"} [overflow-wrap:anywhere]`}>
          {block.items.map((item) => (
            <li key={item}>
              <GuideText text={item} />
            </li>
          ))}
        </List>
      );
    }
    case "qa":
      return (
        <div>
          <h3 className="font-medium">{block.question}</h3>
          <p className="mt-1 text-muted-foreground">{block.answer}</p>
        </div>
      );
    case "code":
      return (
        <figure className="grid min-w-0 gap-1.5">
          <figcaption className="text-sm text-muted-foreground">{block.caption}</figcaption>
          <pre className={preClass}>{block.code}</pre>
        </figure>
      );
  }
}
