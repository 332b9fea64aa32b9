import { PRODUCT_NAME } from "@errand/contract";

/** Sets the document title as "{title} | Errand" (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} | ${PRODUCT_NAME}`}</title>;
}
