// The email a student gets when staff approve or reject their enrollment request (issue 6), in the
// student's own language (enrollments.locale). Strings: "adminEnrollments.email.*" in
// app/locales/<lng>/admin-enrollments.json; the layout escapes every value. A request for a course run
// (issue 20) names the run's start in Cairo time; one given a seat from the waiting list says a seat
// opened (strings: "runDecisionEmails.*" in run-decision-emails.json).
import { formatRunMoment } from "~/lib/cairo-time.ts";
import { formatPiastres } from "~/lib/money.ts";
import { ltrToken, renderEmailLayout, type EmailT, type RenderedEmail } from "./layout.ts";

/** A manual payment method with its details (the domain's MethodToShow, app/domain/payments/payment-methods.ts). */
interface PayMethod {
  method: string;
  lines: { key: string; value: string; ltr: boolean }[];
}

export interface EnrollmentStatusEmailInput {
  locale: "en" | "ar";
  /** A translation function fixed to `locale`. */
  t: EmailT;
  brand: string;
  status: "approved" | "rejected";
  studentName: string;
  courseName: string;
  enrollmentId: string;
  /** The run the request is for (approvals): its start is named in Cairo time. */
  run?: { startsAt: Date };
  /** Approved from the run's waiting list: the email says a seat opened. */
  seatOpened?: boolean;
  /** The student's own page of this enrollment, with its token (issue 37 item 3). */
  pageUrl?: string;
  /** An approval with a price (issue 37 item 2): what is due and until when the seat is held. */
  payment?: { duePiastres: number; deadline: Date; methods?: PayMethod[] };
}

/** "How to pay": one line per manual method staff switched on, with its details (numbers isolated). */
function methodLines(t: EmailT, locale: "en" | "ar", methods: PayMethod[], reference: string): string[] {
  if (methods.length === 0) return [];
  return [
    t("paymentEmails.approval.howToPay", { id: ltrToken(reference, locale) }),
    ...methods.map(
      ({ method, lines }) =>
        `${t(`paymentEmails.methods.${method}`)}: ${lines.map((l) => `${t(`myEnrollment.pay.details.${l.key}`)} ${l.ltr ? ltrToken(l.value, locale) : l.value}`).join(" · ")}`,
    ),
  ];
}

export function renderEnrollmentStatusEmail(input: EnrollmentStatusEmailInput): RenderedEmail {
  const { locale, t, brand, status, studentName, courseName, enrollmentId, run } = input;
  const k = `adminEnrollments.email.${status}`;
  const vars = { course: courseName, id: enrollmentId };
  // In the body an Arabic sentence keeps the reference in its own order (the subject stays plain text).
  const inText = { ...vars, id: ltrToken(enrollmentId, locale) };
  const approvedRun = status === "approved" && run;
  const when = approvedRun ? formatRunMoment(run.startsAt, locale, "long") : "";
  const zone = t("runs.cairoTime");
  const seatOpened = approvedRun && input.seatOpened === true;
  const r = "runDecisionEmails";
  const pay = status === "approved" && input.payment ? input.payment : undefined;
  const amount = pay ? ltrToken(formatPiastres(pay.duePiastres, locale), locale) : "";
  const deadline = pay ? `${formatRunMoment(pay.deadline, locale, "long")} (${zone})` : "";
  const payLine = pay ? [t("paymentEmails.approval.pay", { amount, deadline }), ...methodLines(t, locale, pay.methods ?? [], enrollmentId)] : [];
  const paragraphs = seatOpened
    ? [t("email.greeting", { name: studentName }), t(`${r}.seatOpened.intro`, { ...inText, when, zone }), ...payLine, t(`${r}.seatOpened.next`, inText)]
    : [
        t("email.greeting", { name: studentName }),
        t(`${k}.intro`, inText),
        ...(approvedRun ? [t(`${r}.approved.starts`, { when, zone })] : []),
        ...payLine,
        t(approvedRun ? `${r}.approved.next` : `${k}.next`, inText),
      ];
  const { text, html } = renderEmailLayout({
    locale,
    brand,
    heading: seatOpened ? t(`${r}.seatOpened.heading`) : t(`${k}.heading`),
    paragraphs,
    ...(input.pageUrl ? { links: [{ label: t("enrollmentEmails.pageLink"), url: input.pageUrl }] } : {}),
    fields: [
      { label: t("adminEnrollments.email.fields.course"), value: courseName },
      ...(approvedRun ? [{ label: t(`${r}.fields.starts`), value: `${when} (${zone})` }] : []),
      { label: t("adminEnrollments.email.fields.enrollmentId"), value: ltrToken(enrollmentId, locale) },
      { label: t("adminEnrollments.email.fields.status"), value: t(`adminEnrollments.status.${status}`) },
      ...(pay
        ? [
            { label: t("paymentEmails.approval.amountDue"), value: amount },
            { label: t("paymentEmails.approval.payBy"), value: deadline },
          ]
        : []),
    ],
    footer: t("email.footer", { brand }),
  });
  return { subject: seatOpened ? t(`${r}.seatOpened.subject`, vars) : t(`${k}.subject`, vars), text, html };
}
