import type { ApplicationKey } from "./applications.ts";

/** Home page use-case tabs (spec section 2): four cards each, linking to /automations/{slug}. */
export interface UseCaseCard {
  slug: string;
  title: string;
  application: ApplicationKey;
}

export interface UseCaseTab {
  id: "featured" | "sales" | "marketing" | "startups";
  label: "Featured" | "Sales" | "Marketing" | "Start-ups";
  cards: readonly [UseCaseCard, UseCaseCard, UseCaseCard, UseCaseCard];
}

// Copied from the catalogue (catalog.test.ts checks they match); kept apart from it so the home
// page does not load the catalogue.
export const USE_CASE_TABS: readonly UseCaseTab[] = [
  {
    id: "featured",
    label: "Featured",
    cards: [
      { slug: "extract-product-reviews", title: "Extract Product Reviews From a Product Page", application: "any-website" },
      { slug: "google-flights-compare-flights", title: "Compare Flight Options on Google Flights", application: "google-flights" },
      { slug: "x-brand-mentions", title: "Track Brand Mentions on X", application: "x" },
      { slug: "lovable-build-app-prototype", title: "Build a Web App Prototype With Lovable", application: "lovable" },
    ],
  },
  {
    id: "sales",
    label: "Sales",
    cards: [
      { slug: "linkedin-people-search-leads", title: "Build a Lead List From LinkedIn People Search", application: "linkedin" },
      { slug: "superpages-local-business-leads", title: "Scrape Local Business Leads From Superpages", application: "superpages" },
      { slug: "collect-company-contact-details", title: "Collect Contact Details From a Company Website", application: "any-website" },
      { slug: "y-combinator-founders", title: "Find Founders of Y Combinator Start-ups", application: "y-combinator" },
    ],
  },
  {
    id: "marketing",
    label: "Marketing",
    cards: [
      { slug: "x-topic-sentiment-summary", title: "Summarise Sentiment About a Topic on X", application: "x" },
      { slug: "linkedin-company-post-engagement", title: "Track Engagement on LinkedIn Company Posts", application: "linkedin" },
      { slug: "landing-page-review", title: "Review a Landing Page for Conversion", application: "any-website" },
      { slug: "product-hunt-launch-feedback-summary", title: "Summarise Feedback on a Product Hunt Launch", application: "product-hunt" },
    ],
  },
  {
    id: "startups",
    label: "Start-ups",
    cards: [
      { slug: "y-combinator-latest-batch", title: "Export the Latest Y Combinator Batch", application: "y-combinator" },
      { slug: "product-hunt-daily-top-launches", title: "Scrape Today's Top Product Hunt Launches", application: "product-hunt" },
      { slug: "hacker-news-show-hn", title: "Collect the Latest Show HN Launches", application: "hacker-news" },
      { slug: "competitor-website-analysis", title: "Analyse a Competitor's Website", application: "any-website" },
    ],
  },
];
