import type { LucideIcon } from "lucide-react";
import type { IntegrationFeatureIcon } from "@errand/content/integrations";
import * as featureIconSet from "./feature-icon-set";

/** The icons "Powerful Features" cards may use: typed against the content's list, so none can be missing. */
export const FEATURE_ICONS: Record<IntegrationFeatureIcon, LucideIcon> = featureIconSet;
