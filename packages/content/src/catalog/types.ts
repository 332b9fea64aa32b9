import type { AutomationSeed } from "@errand/contract";
import type { ApplicationKey } from "../applications.ts";

/** One ready-made automation of the marketplace, as shipped in the catalogue and seeded on start. */
export interface CatalogAutomation extends AutomationSeed {
  website: ApplicationKey;
}
