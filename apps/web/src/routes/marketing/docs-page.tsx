import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { AlertTriangle, RotateCw } from "lucide-react";
import { OPENAPI_DOCUMENT_PATH, openApiQueryOptions } from "../../api/openapi";
import { Button } from "../../components/ui/button";
import { groupOperations, quickStartCurl, type ApiTagGroup, type OpenApiDocument } from "../../lib/developer/openapi-reference";
import { PageTitle } from "../../lib/page/page-title";
import { ApiOperationCard, MethodBadge } from "./api-operation";
import { GuideList } from "./guides/guide-list";

/** A local placeholder bar: sharing the ui Skeleton would add a chunk to this page's preload list in the entry. */
function Skeleton({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-md bg-muted motion-reduce:animate-none ${className}`} />;
}

const INTRO_LINKS = [
  { id: "guides", label: "Guides" },
  { id: "base-url", label: "Base URL" },
  { id: "authentication", label: "Authentication" },
  { id: "errors", label: "Errors" },
  { id: "quick-start", label: "Quick start" },
];

const ERROR_SHAPE = `{
  "error": {
    "code": "validation_error",
    "message": "prompt: Required",
    "fields": [{ "path": "prompt", "message": "Required" }]
  }
}`;

function toReference(doc: OpenApiDocument) {
  return { version: doc.info?.version, groups: groupOperations(doc) };
}

const linkClass = "text-primary underline-offset-4 hover:underline";
const codeClass = "rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]";
const preClass = "overflow-x-auto rounded-lg bg-foreground p-4 font-mono text-xs leading-relaxed text-background";

/** /docs: the guides (packages/content/src/guides), then the API reference, built at run time from the server's OpenAPI document. */
export function DocsPage() {
  const reference = useQuery({ ...openApiQueryOptions, select: toReference });
  const { hash } = useLocation();
  const baseUrl = `${window.location.origin}/api/v1`;
  const groups = reference.data?.groups;

  // Operations arrive after the first paint: honour a deep link such as /docs#post-runs once they do.
  useEffect(() => {
    if (!groups || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [groups, hash]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title="API Reference" />
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <aside className="hidden lg:block">
          <nav aria-label="API reference" className="sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto pr-2 pb-4">
            <ReferenceNav groups={groups} loading={reference.isPending} />
          </nav>
        </aside>

        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">API Reference</h1>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Run web tasks from your own code: send a prompt, an AI agent does it in a real browser, and you read the result or follow its
            steps live.
            {reference.data?.version ? ` Version ${reference.data.version}.` : null}
          </p>

          <details className="group mt-6 rounded-lg border bg-card lg:hidden">
            <summary className="cursor-pointer rounded-lg px-4 py-3 text-sm font-medium">On this page</summary>
            <nav aria-label="API reference" className="max-h-[60vh] overflow-y-auto border-t px-4 py-3">
              <ReferenceNav groups={groups} loading={reference.isPending} />
            </nav>
          </details>

          <section id="guides" aria-labelledby="guides-title" className="mt-8 scroll-mt-24">
            <h2 id="guides-title" className="text-xl font-semibold tracking-tight">
              Guides
            </h2>
            <p className="mt-2 max-w-3xl text-sm text-muted-foreground sm:text-base">How to do each thing with Errand, step by step.</p>
            <div className="mt-4">
              <GuideList />
            </div>
          </section>
          <IntroSections baseUrl={baseUrl} />
          <div className="mt-12">
            <EndpointReference reference={reference} baseUrl={baseUrl} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Base URL, Authentication, Errors and Quick start: what every endpoint below shares. */
function IntroSections({ baseUrl }: { baseUrl: string }) {
  return (
    <div className="mt-8 space-y-8">
      <IntroSection id="base-url" title="Base URL">
        <p>Every path below is relative to:</p>
        <pre className={`mt-2 ${preClass}`}>{baseUrl}</pre>
        <p className="mt-2">
          Requests and answers are JSON. The machine-readable description is the{" "}
          <a href={OPENAPI_DOCUMENT_PATH} className={linkClass}>
            OpenAPI 3.1 document
          </a>
          .
        </p>
      </IntroSection>
      <IntroSection id="authentication" title="Authentication">
        <p>
          Send your API key in the <code className={codeClass}>x-api-key</code> header with every request. Get or replace your key on the{" "}
          <Link to="/api-keys" className={linkClass}>
            API Keys
          </Link>{" "}
          page, and keep it secret: anyone with it can run tasks on your account. A missing or wrong key gets a{" "}
          <code className={codeClass}>401</code>.
        </p>
      </IntroSection>
      <IntroSection id="errors" title="Errors">
        <p>
          Every error has the same shape; <code className={codeClass}>fields</code> is present when the input was invalid and names each
          problem.
        </p>
        <pre className={`mt-2 ${preClass}`}>{ERROR_SHAPE}</pre>
      </IntroSection>
      <IntroSection id="quick-start" title="Quick start">
        <p>
          Create a run, read it, then follow its live events (Server-Sent Events; send <code className={codeClass}>Last-Event-ID</code> to
          resume).
        </p>
        <pre className={`mt-2 ${preClass}`}>{quickStartCurl(baseUrl)}</pre>
      </IntroSection>
    </div>
  );
}

/** Every endpoint, by tag, once the OpenAPI document has arrived. */
function EndpointReference({ reference, baseUrl }: { reference: UseQueryResult<ReturnType<typeof toReference>>; baseUrl: string }) {
  if (reference.isPending) return <ReferenceSkeleton />;
  if (reference.isError)
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5">
        <p className="flex items-center gap-2 font-semibold text-red-900">
          <AlertTriangle className="size-5" aria-hidden="true" />
          Could not load the list of endpoints
        </p>
        <p className="text-sm text-red-900">The API description did not arrive. Check your connection and try again.</p>
        <Button variant="outline" onClick={() => void reference.refetch()} disabled={reference.isFetching}>
          <RotateCw aria-hidden="true" className={reference.isFetching ? "animate-spin motion-reduce:animate-none" : undefined} />
          Try again
        </Button>
      </div>
    );
  return (
    <div className="space-y-12">
      {reference.data.groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-24">
          <h2 id={`${group.id}-title`} className="text-2xl font-bold tracking-tight">
            {group.tag}
          </h2>
          <div className="mt-4 space-y-4">
            {group.operations.map((operation) => (
              <ApiOperationCard key={operation.id} operation={operation} baseUrl={baseUrl} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function IntroSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-2 max-w-3xl text-sm leading-relaxed sm:text-base">{children}</div>
    </section>
  );
}

const navLinkClass = "block rounded-md px-2 py-1 text-sm hover:bg-muted";

/** The side list (desktop) and the "On this page" list (phones): the intro, then every endpoint by tag. */
function ReferenceNav({ groups, loading }: { groups: ApiTagGroup[] | undefined; loading: boolean }) {
  return (
    <div className="grid gap-4">
      <ul>
        {INTRO_LINKS.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`} className={navLinkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      {loading ? (
        <div className="grid gap-2 px-2" aria-hidden="true">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-40" />
        </div>
      ) : null}
      {groups?.map((group) => (
        <div key={group.id}>
          <a href={`#${group.id}`} className={`${navLinkClass} font-semibold`}>
            {group.tag}
          </a>
          <ul>
            {group.operations.map((operation) => (
              <li key={operation.id}>
                <a
                  href={`#${operation.id}`}
                  title={operation.summary}
                  className="flex items-center gap-2 rounded-md px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  <MethodBadge method={operation.method} className="w-12 text-[0.6rem]" />
                  <span className="min-w-0 font-mono text-xs break-all">{operation.path}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function ReferenceSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading the API reference">
      <Skeleton className="h-8 w-32" />
      {[0, 1, 2].map((index) => (
        <div key={index} className="grid gap-3 rounded-xl border p-4 sm:p-6">
          <Skeleton className="h-6 w-56 max-w-full" />
          <Skeleton className="h-4 w-80 max-w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ))}
    </div>
  );
}
