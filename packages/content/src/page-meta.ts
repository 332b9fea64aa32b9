import { PRODUCT_NAME } from "@errand/contract";

/**
 * What a public page tells browsers, crawlers and link previews. Built here once and used by
 * the web app (React renders it) and by the server (injected into the HTML for clients that
 * run no JavaScript), so both always say the same thing.
 */
export interface PageMeta {
  /** The whole document title. */
  title: string;
  description: string;
  /** Canonical path, e.g. "/automations/hacker-news-top-stories". */
  path: string;
  type: "website" | "article";
  /** schema.org objects, each rendered as one application/ld+json script. */
  jsonLd: Record<string, unknown>[];
}

const titled = (title: string) => `${title} | ${PRODUCT_NAME}`;

export const HOME_DESCRIPTION =
  "Describe a web task in plain language and an AI agent does it in a real browser: it navigates, fills forms and extracts data as text, JSON or CSV.";

const freeOffer = { "@type": "Offer", price: "0", priceCurrency: "USD" } as const;

export function homeMeta(origin: string): PageMeta {
  return {
    title: `${PRODUCT_NAME} | Automate web tasks with simple prompts`,
    description: HOME_DESCRIPTION,
    path: "/",
    type: "website",
    jsonLd: [
      { "@context": "https://schema.org", "@type": "WebSite", name: PRODUCT_NAME, url: `${origin}/` },
      {
        "@context": "https://schema.org",
        "@type": "SoftwareApplication",
        name: PRODUCT_NAME,
        applicationCategory: "BusinessApplication",
        operatingSystem: "Web",
        description: HOME_DESCRIPTION,
        url: `${origin}/`,
        offers: freeOffer,
      },
    ],
  };
}

export function featuresMeta(): PageMeta {
  return {
    title: titled("Features"),
    description:
      "Human-like navigation in a real browser, structured data extraction, API and no-code integrations, proxies and encrypted saved logins. Open source.",
    path: "/features",
    type: "website",
    jsonLd: [],
  };
}

export function contactMeta(): PageMeta {
  return {
    title: titled("Contact"),
    description: `Questions about ${PRODUCT_NAME}, enterprise plans or self-hosting? Send us a message and we will get back to you soon.`,
    path: "/contact",
    type: "website",
    jsonLd: [],
  };
}

export function integrationMeta(
  origin: string,
  page: { name: string; label: string; description: string; faqs: { question: string; answer: string }[] },
): PageMeta {
  return {
    title: titled(`${page.label} Integration`),
    description: page.description,
    path: `/${page.name}-integration`,
    type: "website",
    jsonLd: page.faqs.length
      ? [
          {
            "@context": "https://schema.org",
            "@type": "FAQPage",
            url: `${origin}/${page.name}-integration`,
            mainEntity: page.faqs.map((f) => ({
              "@type": "Question",
              name: f.question,
              acceptedAnswer: { "@type": "Answer", text: f.answer },
            })),
          },
        ]
      : [],
  };
}

export interface MarketplaceScope {
  /** Heading-style label: "Sales", "Hacker News"; omitted for the whole marketplace. */
  label?: string;
  /** One sentence about the scope (the category's description); omitted for a default. */
  description?: string;
  path: string;
}

/** /automations and its category and application pages; structured data lists the first 10. */
export function marketplaceMeta(origin: string, scope: MarketplaceScope, items: { slug: string; title: string }[]): PageMeta {
  const name = scope.label ? `${scope.label} Automations` : "Automations";
  return {
    title: titled(name),
    description:
      scope.description ??
      (scope.label
        ? `Ready-made ${scope.label} automations for ${PRODUCT_NAME}: pick one, adjust the prompt and let the AI agent run it in a real browser.`
        : `Browse ready-made web automations: lead lists, research, monitoring and data extraction, each ready to run with ${PRODUCT_NAME}'s AI browser agent.`),
    path: scope.path,
    type: "website",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name,
        url: `${origin}${scope.path}`,
        itemListElement: items.slice(0, 10).map((item, index) => ({
          "@type": "ListItem",
          position: index + 1,
          url: `${origin}/automations/${item.slug}`,
          name: item.title,
        })),
      },
    ],
  };
}

export function automationMeta(
  origin: string,
  automation: { slug: string; title: string; description: string },
  breadcrumb?: { label: string; path: string },
): PageMeta {
  const url = `${origin}/automations/${automation.slug}`;
  const crumbs = [
    { name: "Automations", url: `${origin}/automations` },
    ...(breadcrumb ? [{ name: breadcrumb.label, url: `${origin}${breadcrumb.path}` }] : []),
    { name: automation.title, url },
  ];
  return {
    title: titled(automation.title),
    description: automation.description,
    path: `/automations/${automation.slug}`,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "SoftwareApplication",
        name: automation.title,
        description: automation.description,
        applicationCategory: "BusinessApplication",
        operatingSystem: "Web",
        url,
        offers: freeOffer,
      },
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
      },
    ],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** JSON inside <script>: "</script>" and friends cannot end the element. */
export const jsonLdText = (data: unknown) =>
  JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");

/** The <head> tags of a page as HTML; `attribute` marks them so the app can take over. */
export function renderMetaHtml(meta: PageMeta, origin: string, attribute = "data-ssr"): string {
  const url = `${origin}${meta.path}`;
  const tag = (html: string) => html.replace(/^<(\w+)/, `<$1 ${attribute}`);
  const property = (name: string, content: string) => tag(`<meta property="${name}" content="${escapeHtml(content)}">`);
  return [
    tag(`<title>${escapeHtml(meta.title)}</title>`),
    tag(`<meta name="description" content="${escapeHtml(meta.description)}">`),
    tag(`<link rel="canonical" href="${escapeHtml(url)}">`),
    property("og:title", meta.title),
    property("og:description", meta.description),
    property("og:type", meta.type),
    property("og:url", url),
    property("og:site_name", PRODUCT_NAME),
    tag(`<meta name="twitter:card" content="summary">`),
    ...meta.jsonLd.map((data) => tag(`<script type="application/ld+json">${jsonLdText(data)}</script>`)),
  ].join("\n    ");
}
