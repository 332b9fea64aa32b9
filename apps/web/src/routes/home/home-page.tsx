import { Suspense, useEffect, useState } from "react";
import { homeMeta } from "@errand/content/page-meta";
import { lazyPage } from "../../components/routing/lazy-page";
import { PageMetaTags, siteOrigin } from "../../lib/page/page-meta";
import { HeroSection } from "./hero-section";

const HomeSections = lazyPage(() => import("./home-sections"), "HomeSections");

/** "/" for visitors (spec section 2): hero, use-case tabs, feature grid, pricing (#pricing); the footer is the layout's. */
export function HomePage() {
  // The sections below the hero are fetched once the hero has painted, so they never delay it.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return (
    <>
      <PageMetaTags meta={homeMeta(siteOrigin())} />
      <HeroSection />
      {painted ? (
        <Suspense fallback={null}>
          <HomeSections />
        </Suspense>
      ) : null}
    </>
  );
}
