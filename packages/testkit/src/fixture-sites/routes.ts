import { approvalRoutes } from "./pages/approval-pages.ts";
import { botChecksRoutes } from "./pages/bot-checks-page.ts";
import { challengeImageRoutes } from "./pages/challenge-image-page.ts";
import { challengeInterstitialRoutes } from "./pages/challenge-interstitial-page.ts";
import { challengeSiteverifyRoutes } from "./pages/challenge-siteverify.ts";
import { challengeTokenRoutes } from "./pages/challenge-token-pages.ts";
import { challengeWidgetScriptRoutes } from "./pages/challenge-widget-scripts.ts";
import { datepickerRoutes } from "./pages/datepicker-page.ts";
import { dropdownRoutes } from "./pages/dropdown-page.ts";
import { formRoutes } from "./pages/form-pages.ts";
import { framesRoutes } from "./pages/frames-pages.ts";
import { hiddenRoutes } from "./pages/hidden-page.ts";
import { hoverMenuRoutes } from "./pages/hover-menu-pages.ts";
import { liveViewRoutes } from "./pages/live-view-pages.ts";
import { indexRoutes } from "./pages/index-page.ts";
import { infiniteRoutes } from "./pages/infinite-page.ts";
import { injectionRoutes } from "./pages/injection-pages.ts";
import { loginRoutes } from "./pages/login-pages.ts";
import { longRoutes } from "./pages/long-page.ts";
import { newTabRoutes } from "./pages/new-tab-pages.ts";
import { newsRoutes } from "./pages/news-pages.ts";
import { observeContentRoutes } from "./pages/observe-content-pages.ts";
import { observeControlsRoutes } from "./pages/observe-controls-pages.ts";
import { observeWidgetRoutes } from "./pages/observe-widget-pages.ts";
import { postboxLoginRoutes } from "./pages/postbox-login-pages.ts";
import { redirectRoutes } from "./pages/redirect-routes.ts";
import { replayShopRoutes } from "./pages/replay-shop-pages.ts";
import { shadowRoutes } from "./pages/shadow-page.ts";
import { shopRoutes } from "./pages/shop-pages.ts";
import { slowRoutes } from "./pages/slow-pages.ts";
import { tableRoutes } from "./pages/table-page.ts";
import { toolsAutocompleteRoutes } from "./pages/tools-autocomplete-page.ts";
import { toolsCanvasRoutes } from "./pages/tools-canvas-page.ts";
import { toolsClipboardRoutes } from "./pages/tools-clipboard-page.ts";
import { toolsDialogsRoutes } from "./pages/tools-dialogs-page.ts";
import { toolsDragRoutes } from "./pages/tools-drag-page.ts";
import { toolsFilesRoutes } from "./pages/tools-files-pages.ts";
import { toolsMultiselectRoutes } from "./pages/tools-multiselect-page.ts";
import { vaultLoginRoutes } from "./pages/vault-login-pages.ts";
import type { FixtureRoute } from "./types.ts";

/** Every fixture page, matched in order. */
export const FIXTURE_ROUTES: readonly FixtureRoute[] = [
  ...indexRoutes,
  ...approvalRoutes,
  ...botChecksRoutes,
  ...shopRoutes,
  ...replayShopRoutes,
  ...newsRoutes,
  ...formRoutes,
  ...loginRoutes,
  ...framesRoutes,
  ...shadowRoutes,
  ...infiniteRoutes,
  ...dropdownRoutes,
  ...datepickerRoutes,
  ...newTabRoutes,
  ...hoverMenuRoutes,
  ...slowRoutes,
  ...hiddenRoutes,
  ...longRoutes,
  ...injectionRoutes,
  ...redirectRoutes,
  ...tableRoutes,
  ...liveViewRoutes,
  ...observeControlsRoutes,
  ...observeContentRoutes,
  ...observeWidgetRoutes,
  ...vaultLoginRoutes,
  ...postboxLoginRoutes,
  ...toolsDragRoutes,
  ...toolsClipboardRoutes,
  ...toolsMultiselectRoutes,
  ...toolsDialogsRoutes,
  ...toolsCanvasRoutes,
  ...toolsAutocompleteRoutes,
  ...toolsFilesRoutes,
  ...challengeTokenRoutes,
  ...challengeInterstitialRoutes,
  ...challengeImageRoutes,
  ...challengeSiteverifyRoutes,
  ...challengeWidgetScriptRoutes,
];
