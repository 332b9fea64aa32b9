import { Navigate, useParams } from "react-router";
import { lazyPage } from "../../components/routing/lazy-page";
import { INTEGRATION_SUFFIX, integrationNameFromSegment, isIntegrationName } from "./integration-names";

const IntegrationLandingPage = lazyPage(() => import("./integration-landing-page"), "IntegrationLandingPage");

/**
 * /{thirdPartyName}: "-integration" is appended when missing (history replaced);
 * an unknown name is replaced by /404.
 */
export function IntegrationRoute() {
  const segment = useParams().thirdPartyName ?? "";
  const name = integrationNameFromSegment(segment);
  if (!isIntegrationName(name)) return <Navigate to="/404" replace />;
  const canonical = `${name}${INTEGRATION_SUFFIX}`;
  if (segment !== canonical) return <Navigate to={`/${canonical}`} replace />;
  return <IntegrationLandingPage name={name} />;
}
