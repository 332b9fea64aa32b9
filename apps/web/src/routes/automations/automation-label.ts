/** "lead-generation" -> "Lead Generation", for headings built from URL segments. */
export function labelFromSegment(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
