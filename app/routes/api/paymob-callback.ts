// POST /api/paymob/callback?hmac=… — Paymob's transaction processed callback (issue 37 item 5): JSON, read
// here up to 64 KB, verified and applied by app/domain/payments/online.server.ts. A bad signature is 401; a
// verified callback is 200 whatever it did (Paymob retries anything else), with a word saying what.
import { handlePaymobCallback } from "~/domain/payments/online.server.ts";
import { CALLBACK_LIMIT_BYTES, readBounded } from "~/lib/request-limits.server.ts";
import type { Route } from "./+types/paymob-callback";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ outcome: "method_not_allowed" }, { status: 405 });
  let body: unknown;
  try {
    const bytes = await readBounded(request.body, CALLBACK_LIMIT_BYTES);
    if (!bytes) return Response.json({ outcome: "too_large" }, { status: 413 });
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return Response.json({ outcome: "malformed" }, { status: 400 });
  }
  const { status, outcome } = await handlePaymobCallback(body, new URL(request.url).searchParams.get("hmac"));
  return Response.json({ outcome }, { status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return Response.json({ outcome: "method_not_allowed" }, { status: 405, headers: { Allow: "POST" } });
}
