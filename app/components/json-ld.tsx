import { safeJsonLd } from "~/lib/seo.ts";
import { useNonce } from "./nonce.tsx";

/** Structured data, serialized so user text can never break out of the script element. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: safeJsonLd(data) }} />;
}
