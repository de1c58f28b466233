// A student signed in to the student area (issue 38) as a browser would be: "Email me a sign-in link" on
// /en/my, the link read from the outbox, its button on /en/my/verify. Returns the session cookie
// ("na-student.session_token=…") to send as a Cookie header.
import { and, desc, eq } from "drizzle-orm";
import { emailOutbox } from "@db/schema/index.ts";
import { requestInfoContext } from "~/lib/context.server.ts";
import { db } from "~/lib/db.server.ts";
import { action as myAction } from "~/routes/site/my.tsx";
import { action as verifyAction } from "~/routes/site/my-verify.tsx";
import { BASE_URL, callAction, contextFor } from "./route-call.ts";

function post(path: string, form: Record<string, string>) {
  const url = new URL(path, BASE_URL);
  const context = contextFor();
  context.set(requestInfoContext, { nonce: "", requestId: "", ip: `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  const request = new Request(url, { method: "POST", body: new URLSearchParams(form), headers: { Origin: url.origin, "Content-Type": "application/x-www-form-urlencoded" } });
  return { request, params: { lang: "en" as const }, context };
}

export async function studentCookie(email: string): Promise<string> {
  const asked = await callAction(myAction, post("/en/my", { intent: "sign-in", email, website: "" }));
  if (asked.status !== 303) throw new Error(`studentCookie: the sign-in form answered ${asked.status}`);
  const [mail] = await db()
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "student-sign-in"), eq(emailOutbox.toAddress, email.toLowerCase())))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /\/en\/my\/verify\?token=([A-Za-z0-9]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`studentCookie: no sign-in link was emailed to ${email} (has it a request?)`);
  const verified = await callAction(verifyAction, post("/en/my/verify", { token }));
  const cookie = verified.response?.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => c.startsWith("na-student.session_token="));
  if (!cookie) throw new Error("studentCookie: the link signed nobody in");
  return cookie;
}
