import { useState } from "react";
import { ImageOff } from "lucide-react";
import { cn } from "../ui/cn";

type ImageState = "loading" | "loaded" | "error";

export interface ImageFrameProps {
  alt: string;
  className?: string;
  /** Small frames show only an icon for their messages (the text stays for screen readers). */
  compact?: boolean;
  /** How the image fills the frame. */
  fit?: "cover" | "contain";
  /** The image links to itself, full size, in a new tab. */
  zoomable?: boolean;
}

/** The box every screenshot sits in, with its message states. */
export function ImageMessage({ text, className, compact, busy }: { text: string; className?: string; compact?: boolean; busy?: boolean }) {
  return (
    <div
      role={busy ? "status" : undefined}
      title={compact ? text : undefined}
      className={cn(
        "flex items-center justify-center overflow-hidden bg-muted text-center text-xs leading-tight text-muted-foreground",
        busy && "animate-pulse motion-reduce:animate-none",
        className,
      )}
    >
      {compact && !busy ? <ImageOff className="size-4" aria-hidden="true" /> : null}
      <span className={compact || busy ? "sr-only" : "px-1"}>{text}</span>
    </div>
  );
}

/** An image with loading and error states ("Image unavailable" when it fails to load). */
export function RemoteImage({ src, alt, className, compact, fit = "cover", zoomable }: ImageFrameProps & { src: string }) {
  const [state, setState] = useState<ImageState>("loading");
  if (state === "error") return <ImageMessage text="Image unavailable" className={className} compact={compact} />;
  const image = (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onLoad={() => setState("loaded")}
      onError={() => setState("error")}
      className={cn("size-full", fit === "cover" ? "object-cover object-top" : "object-contain", state === "loading" && "opacity-0")}
    />
  );
  return (
    <div className={cn("relative overflow-hidden bg-muted", className)}>
      {state === "loading" ? <ImageMessage text="Loading screenshot" busy className="absolute inset-0" /> : null}
      {zoomable ? (
        <a href={src} target="_blank" rel="noopener noreferrer" className="block size-full cursor-zoom-in" title="Open full size">
          {image}
        </a>
      ) : (
        image
      )}
    </div>
  );
}
