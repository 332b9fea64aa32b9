import { Link } from "react-router";
import { CONTACT_MAILBOX, DOCS_PATH, PRODUCT_NAME, REPOSITORY_URL } from "@errand/contract";
import { BrandLink } from "./brand-link";

interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

const COLUMNS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: "Product",
    links: [
      { label: "Automations", to: "/automations" },
      { label: "Features", to: "/features" },
      { label: "Pricing", to: "/#pricing" },
      { label: "Docs", to: DOCS_PATH },
    ],
  },
  {
    title: "Integrations",
    links: [
      { label: "API", to: "/api-integration" },
      { label: "Zapier", to: "/zapier-integration" },
      { label: "Make", to: "/make-integration" },
      { label: "n8n", to: "/n8n-integration" },
      { label: "MCP", to: "/mcp-integration" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "Contact", to: "/contact" },
      { label: "Source code", to: REPOSITORY_URL, external: true },
      { label: "Terms", to: "/terms" },
      { label: "Privacy", to: "/privacy" },
    ],
  },
];

const linkClass = "inline-flex min-h-6 min-w-6 items-center gap-1.5 rounded-sm py-0.5 text-muted-foreground hover:text-foreground";

/** The footer of the public pages: product line, link columns, contact mailbox and copyright. */
export function SiteFooter() {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="flex flex-col items-start gap-3">
          <BrandLink signedIn={false} />
          <p className="max-w-xs text-sm text-muted-foreground">
            Describe a web task in plain language; an AI agent does it in a real browser.
          </p>
          <a href={`mailto:${CONTACT_MAILBOX}`} className={`${linkClass} text-sm`}>
            {CONTACT_MAILBOX}
          </a>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
          {COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold">{column.title}</h2>
              <ul className="mt-3 flex flex-col gap-1.5 text-sm">
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.external ? (
                      <a href={link.to} target="_blank" rel="noreferrer" className={linkClass}>
                        {link.label}
                        <span aria-hidden="true">↗</span>
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    ) : (
                      <Link to={link.to} className={linkClass}>
                        {link.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto w-full max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
