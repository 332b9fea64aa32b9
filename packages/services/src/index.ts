// @errand/services: what every area and entry point shares (the service context, the caller, the
// errors). Each area is its own subpath, e.g. @errand/services/runs (docs/adr/0027-services-areas-and-ownership.md).
export type { ServiceContext, ServiceConfig, VerbArgs } from "./context.ts";
export {
  requireScope,
  requireAdmin,
  requirePersonalCredentials,
  ALL_SCOPES,
  type Caller,
  type CallerScope,
  type CallerVerbArgs,
} from "./caller.ts";
export { ServiceError, notFound, unauthorized, forbidden, conflict, invalid } from "./errors.ts";
// The database being down is a state every entry point maps (503), not a bug.
export { isDatabaseUnavailable, DATABASE_UNAVAILABLE_MESSAGE } from "@errand/db";
