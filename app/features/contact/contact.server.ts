// Contact messages (SPEC §7, DECISIONS D5, D6): stored with the visitor's language and, in the same
// transaction, an email to the provider inbox queued in the outbox (reply-to the visitor).
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { contactMessages } from "@db/schema/index.ts";
import { renderContactMessageEmail } from "~/emails/contact-message.ts";
import { db } from "~/lib/db.server.ts";
import { emailT, loadMailContext, wakeOutbox } from "~/lib/email.server.ts";
import { AppError } from "~/lib/errors.ts";
import type { Locale } from "~/lib/i18n.ts";
import { env } from "~/lib/env.server.ts";
import { notificationLocale } from "~/lib/language-preference.server.ts";
import { staffPathIn } from "~/lib/locale-url.ts";
import { logger } from "~/lib/logger.server.ts";
import { fieldMessages } from "~/lib/parse-input.ts";
import { enqueueEmail } from "~/lib/outbox.server.ts";
import { contactSchema, type ContactInput } from "./contact.schema.ts";

export type { ContactInput } from "./contact.schema.ts";

/**
 * Stores a contact message and queues the provider email. Throws AppError bad_request (with
 * `fields` holding message keys) on invalid input; nothing is written then.
 */
export async function createContactMessage(input: ContactInput, ctx: { locale: Locale }): Promise<{ id: string }> {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", "contact.errors.invalid", { fields: fieldMessages(parsed.error.issues) });
  const data = parsed.data;

  const id = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: data.name, email: data.email, message: data.message, locale: ctx.locale })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("createContactMessage: insert returned no row");

    const mail = await loadMailContext(tx);
    if (!mail.providerEmail) {
      // Still stored, and staff read it in the admin area (D6).
      logger.warn({ contactMessageId: row.id }, "no provider inbox (site setting contact.email or NOTIFY_EMAIL): contact email not queued");
      return row.id;
    }

    // In the language of the inbox's staff account when it has one, else the visitor's (D19 revised).
    const staffLang = await notificationLocale(tx, mail.providerEmail, ctx.locale);
    const email = renderContactMessageEmail({
      locale: staffLang,
      t: emailT(staffLang),
      brand: mail.brandName(staffLang),
      message: { name: data.name, email: data.email, message: data.message, locale: ctx.locale },
      to: mail.providerEmail,
      reviewUrl: `${env().PUBLIC_URL}${staffPathIn(staffLang, ADMIN_PATH.messages)}`,
    });
    await enqueueEmail(tx, { kind: "contact-message", to: mail.providerEmail, replyTo: data.email, ...email });
    return row.id;
  });

  await wakeOutbox();
  return { id };
}
