// @errand/services/screenshots: screenshot links.
export { getScreenshotUrl, SIGNED_URL_SECONDS } from "./get-screenshot-url.ts";
