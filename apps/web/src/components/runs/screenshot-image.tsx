import { useQuery } from "@tanstack/react-query";
import { screenshotQueryOptions, type ScreenshotType } from "../../api/screenshots";
import { ImageMessage, RemoteImage, type ImageFrameProps } from "./remote-image";

interface ScreenshotImageProps extends ImageFrameProps {
  type: ScreenshotType;
  id: string | null | undefined;
  /** False for finished runs: a missing screenshot will not appear later, so no retries on 404. */
  retryMissing?: boolean;
  /** Part of the cache key: a run's latest screenshot changes with its status. */
  version?: string;
}

/**
 * A run's latest or a step's screenshot through the screenshot API (signed URL, 3 retries,
 * cached 10 minutes). "No Image" without an id, "Image unavailable" on failure.
 * Keyed by type and id, so it starts again from loading when either changes.
 */
export function ScreenshotImage({ type, id, ...props }: ScreenshotImageProps) {
  if (!id) return <ImageMessage text="No Image" className={props.className} compact={props.compact} />;
  return <SignedScreenshot key={`${type}:${id}`} type={type} id={id} {...props} />;
}

function SignedScreenshot({ type, id, retryMissing = true, version, ...frame }: ScreenshotImageProps & { id: string }) {
  const { data: url, isError } = useQuery(screenshotQueryOptions(type, id, retryMissing, version));
  if (isError) return <ImageMessage text="Image unavailable" className={frame.className} compact={frame.compact} />;
  if (!url) return <ImageMessage text="Loading screenshot" busy className={frame.className} />;
  return <RemoteImage key={url} src={url} {...frame} />;
}
