// Enrollment requests (SPEC §4, §7; DECISIONS D5, D10).
//
// The enrollment row and its two emails are written in ONE transaction: the provider notification
// (English, reply-to the student) and the student's confirmation (in the student's language). The
// outbox worker sends them after commit, with retries, so a failing mail server never loses a lead.
import { randomInt } from "node:crypto";
import i18next, { type TFunction } from "i18next";
import { and, eq, inArray } from "drizzle-orm";
import { courses, enrollments, siteSettings } from "@db/schema/index.ts";
import { renderEmailLayout } from "~/emails/layout.ts";
import { db, type Executor } from "~/lib/db.server.ts";
import { env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { DEFAULT_NS, pickText, type Locale } from "~/lib/i18n.ts";
import { courseHref } from "~/lib/catalog-links.ts";
import { notificationLocale } from "~/lib/language-preference.server.ts";
import { localePath, staffPathIn } from "~/lib/locale-url.ts";
import { logger } from "~/lib/logger.server.ts";
import { phoneInText } from "~/lib/phone.ts";
import { enqueueEmail } from "~/lib/outbox.server.ts";
import { resources } from "~/locales/index.ts";
import { EMAIL_PATTERN, enrollmentSchema, type EnrollmentInput } from "./enrollment.schema.ts";

export type { EnrollmentInput } from "./enrollment.schema.ts";

// ---- shared by the enrollment and contact emails --------------------------------------------------

let i18n: typeof i18next | undefined;

/** A translation function for server-side emails (values are not HTML-escaped: the layout escapes). */
export function emailT(locale: Locale): TFunction {
  if (!i18n) {
    i18n = i18next.createInstance();
    void i18n.init({
      resources,
      lng: locale,
      fallbackLng: "en",
      defaultNS: DEFAULT_NS,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return i18n.getFixedT(locale);
}

export interface MailContext {
  /** Where provider notifications go: the `contact.email` setting, else NOTIFY_EMAIL; undefined when neither. */
  providerEmail: string | undefined;
  /** Brand name from the `brand` setting, per language, falling back to the locale's brand. */
  brandName(locale: Locale): string;
}

/** Reads the provider inbox and brand name from the site settings (inside the caller's transaction). */
export async function loadMailContext(tx: Executor): Promise<MailContext> {
  const rows = await tx
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, ["contact", "brand"]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const contact = byKey.get("contact") as { email?: unknown; notifyEmail?: unknown } | undefined;
  const brand = byKey.get("brand") as { name?: { en?: string; ar?: string } } | undefined;
  // The notification address set in Settings (D12), else the public contact email, else NOTIFY_EMAIL.
  const candidates = [contact?.notifyEmail, contact?.email].map((v) => (typeof v === "string" ? v.trim() : ""));
  const providerEmail = candidates.find((v) => EMAIL_PATTERN.test(v)) ?? env().NOTIFY_EMAIL;
  return {
    providerEmail,
    brandName: (locale) => pickText(brand?.name, locale) || emailT(locale)("brand"),
  };
}

/** Nudges the running outbox worker to send right away; a no-op when the app is not started (tests, scripts). */
export async function wakeOutbox(): Promise<void> {
  try {
    const { appState } = await import("~/lib/app.server.ts");
    appState().worker.wake();
  } catch {
    // Not started: the worker's poll (or the next start) sends the rows.
  }
}

// ---- enrollment ---------------------------------------------------------------------------------

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** 'ENR-' + base36 milliseconds + '-' + 6 random base36 characters, uppercased (SPEC §3). */
export function generateEnrollmentId(now = Date.now()): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `ENR-${now.toString(36).toUpperCase()}-${suffix}`;
}

/** Validation failures as { field: messageKey } (first error per field). */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "form");
    fields[name] ??= issue.message;
  }
  return fields;
}

/**
 * Records an enrollment request for a published course and queues its two emails.
 * Throws AppError bad_request (invalid input, `fields` holds the message keys) or not_found (draft
 * or unknown course); in both cases nothing is written.
 */
export async function createEnrollment(input: EnrollmentInput, ctx: { locale: Locale }): Promise<{ enrollmentId: string }> {
  // The domain re-checks its input whatever the caller did (cheap, and keeps the invariants here).
  const parsed = enrollmentSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("bad_request", "enrollment.errors.invalid", { fields: fieldErrors(parsed.error.issues) });
  }
  const data = parsed.data;
  const locale = ctx.locale;

  const enrollmentId = await db().transaction(async (tx) => {
    // FOR SHARE: the course cannot be deleted or unpublished under us until commit.
    const [course] = await tx
      .select({ id: courses.id, title: courses.title, slug: courses.slug })
      .from(courses)
      .where(and(eq(courses.id, data.courseId), eq(courses.isPublished, true)))
      .for("share");
    if (!course) throw new AppError("not_found", "enrollment.errors.courseUnavailable");

    // D26: E.164 (the schema read the number in the chosen country); emails show it grouped.
    const studentPhone = data.phoneNumber;
    let id: string | undefined;
    for (let attempt = 0; attempt < 5 && !id; attempt++) {
      const candidate = generateEnrollmentId();
      const rows = await tx
        .insert(enrollments)
        .values({
          enrollmentId: candidate,
          courseId: course.id,
          courseName: course.title,
          studentName: data.studentName,
          studentEmail: data.studentEmail,
          studentPhone,
          currentLevel: null,
          preferredSchedule: null,
          message: data.message ?? null,
          locale,
          status: "pending",
        })
        .onConflictDoNothing({ target: enrollments.enrollmentId })
        .returning({ enrollmentId: enrollments.enrollmentId });
      id = rows[0]?.enrollmentId;
    }
    if (!id) throw new Error("createEnrollment: could not generate a unique enrollment id");

    const mail = await loadMailContext(tx);

    // (a) Provider notification with the SPEC §7 parameters, in the language of the inbox's staff account
    // when it has one, else the student's (D19 revised); replies go to the student.
    if (mail.providerEmail) {
      const staffLang = await notificationLocale(tx, mail.providerEmail, locale);
      const t = emailT(staffLang);
      const f = "enrollment.email.notification.fields";
      const { text, html } = renderEmailLayout({
        locale: staffLang,
        brand: mail.brandName(staffLang),
        heading: t("enrollment.email.notification.heading"),
        paragraphs: [
          t("enrollment.email.notification.intro", { name: data.studentName, course: course.title }),
          t("enrollment.email.notification.review", { url: `${env().PUBLIC_URL}${staffPathIn(staffLang, "/admin/enrollments")}` }),
        ],
        fields: [
          { label: t(`${f}.studentName`), value: data.studentName },
          { label: t(`${f}.studentEmail`), value: data.studentEmail },
          { label: t(`${f}.studentPhone`), value: phoneInText(studentPhone, staffLang) },
          { label: t(`${f}.courseName`), value: course.title },
          { label: t(`${f}.courseId`), value: course.id },
          { label: t(`${f}.message`), value: data.message ?? t("enrollment.email.noMessage") },
          { label: t(`${f}.enrollmentId`), value: id },
          { label: t(`${f}.language`), value: t(`enrollment.email.languageNames.${locale}`) },
        ],
        footer: t("email.footer", { brand: mail.brandName(staffLang) }),
      });
      await enqueueEmail(tx, {
        kind: "enrollment-notification",
        to: mail.providerEmail,
        replyTo: data.studentEmail,
        subject: t("enrollment.email.notification.subject", { course: course.title, id }),
        text,
        html,
      });
    } else {
      logger.warn(
        { enrollmentId: id },
        "no provider inbox (site setting contact.email or NOTIFY_EMAIL): enrollment notification not queued",
      );
    }

    // (b) Confirmation to the student, in the student's language.
    const t = emailT(locale);
    const f = "enrollment.email.confirmation.fields";
    const brand = mail.brandName(locale);
    const { text, html } = renderEmailLayout({
      locale,
      brand,
      heading: t("enrollment.email.confirmation.heading"),
      paragraphs: [
        t("email.greeting", { name: data.studentName }),
        t("enrollment.email.confirmation.intro", { course: course.title }),
        t("enrollment.email.confirmation.idNote", { id }),
        t("enrollment.email.confirmation.replyNote"),
        t("enrollment.email.confirmation.courseLink", { url: `${env().PUBLIC_URL}${localePath(locale, courseHref(course.slug))}` }),
      ],
      fields: [
        { label: t(`${f}.course`), value: course.title },
        { label: t(`${f}.enrollmentId`), value: id },
        { label: t(`${f}.studentName`), value: data.studentName },
        { label: t(`${f}.phone`), value: phoneInText(studentPhone, locale) },
      ],
      footer: t("email.footer", { brand }),
    });
    await enqueueEmail(tx, {
      kind: "enrollment-confirmation",
      to: data.studentEmail,
      ...(mail.providerEmail ? { replyTo: mail.providerEmail } : {}),
      subject: t("enrollment.email.confirmation.subject", { course: course.title, id }),
      text,
      html,
    });

    return id;
  });

  await wakeOutbox();
  return { enrollmentId };
}
