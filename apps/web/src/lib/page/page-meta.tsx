import { PRODUCT_NAME } from "@errand/contract";
import { jsonLdText, type PageMeta } from "@errand/content/page-meta";

/** The site's origin where there is no window: set by the server renderer (src/entry-server.tsx). */
let serverOrigin = "";
export function setServerSiteOrigin(origin: string): void {
  serverOrigin = origin;
}

export const siteOrigin = () => (typeof window === "undefined" ? serverOrigin : window.location.origin);

/**
 * A public page's title, description, canonical link, Open Graph tags and structured data.
 * React 19 hoists the title, meta and link tags into <head>; the JSON-LD stays in place.
 */
export function PageMetaTags({ meta }: { meta: PageMeta }) {
  const url = `${siteOrigin()}${meta.path}`;
  // On the server the page shell's <head> already has these tags (from the same builder), and
  // React would put its copies at the top of the rendered body: only the browser renders them.
  const head =
    typeof document === "undefined" ? null : (
      <>
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <link rel="canonical" href={url} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:type" content={meta.type} />
        <meta property="og:url" content={url} />
        <meta property="og:site_name" content={PRODUCT_NAME} />
        <meta name="twitter:card" content="summary" />
      </>
    );
  return (
    <>
      {head}
      {meta.jsonLd.map((data, index) => (
        // JSON-LD must be raw JSON; jsonLdText escapes "<" so it cannot close the script.
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
      ))}
    </>
  );
}
