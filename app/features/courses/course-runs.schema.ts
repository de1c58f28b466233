// A course's runs as staff manage them (issue 20 points 1 and 4): the run form and the message to a run's
// students, shared by the browser (instant feedback) and the server (the action and the domain functions
// re-check). No server imports here. Error messages are locale keys ("runsAdmin.errors.*" in
// app/locales/<lng>/admin-runs.json); each field reports the first rule it breaks (`abort`).
// Dates: staff type a Cairo wall time (datetime-local); it is stored as the UTC moment it names.
import { editVersion, optionalTextOrNull } from "~/lib/validation.schema.ts";
import { z } from "zod";
import { RUN_MODES, RUN_REPEAT_FREQUENCIES, RUN_STATUSES } from "~/domain/runs/run-rules.ts";
import { cairoWallTimeToUtc } from "~/lib/cairo-time.ts";
import { toWesternDigits, westernDigitsInput } from "~/lib/digits.ts";

/** The database's bounds (migration 0014) and the message's. */
export const RUN_LIMITS = {
  schedule: 200,
  location: 200,
  capacityMin: 1,
  capacityMax: 10_000,
  priceMax: 99_999_999.99,
  sessionMinutesMax: 1440,
  repeatCountMax: 1000,
  joinUrl: 500,
  subject: 150,
  body: 5000,
} as const;

export const RUN_ERRORS = {
  startRequired: "runsAdmin.errors.startRequired",
  startInvalid: "runsAdmin.errors.startInvalid",
  endInvalid: "runsAdmin.errors.endInvalid",
  endBeforeStart: "runsAdmin.errors.endBeforeStart",
  scheduleTooLong: "runsAdmin.errors.scheduleTooLong",
  modeInvalid: "runsAdmin.errors.modeInvalid",
  locationRequired: "runsAdmin.errors.locationRequired",
  locationTooLong: "runsAdmin.errors.locationTooLong",
  capacityInvalid: "runsAdmin.errors.capacityInvalid",
  capacityRange: "runsAdmin.errors.capacityRange",
  capacityBelowApproved: "runsAdmin.errors.capacityBelowApproved",
  priceInvalid: "runsAdmin.errors.priceInvalid",
  priceNonNegative: "runsAdmin.errors.priceNonNegative",
  priceStep: "runsAdmin.errors.priceStep",
  priceMax: "runsAdmin.errors.priceMax",
  statusInvalid: "runsAdmin.errors.statusInvalid",
  instructorInvalid: "runsAdmin.errors.instructorInvalid",
  sessionMinutesInvalid: "runsAdmin.errors.sessionMinutesInvalid",
  repeatFrequencyInvalid: "runsAdmin.errors.repeatFrequencyInvalid",
  repeatCountInvalid: "runsAdmin.errors.repeatCountInvalid",
  joinUrlInvalid: "runsAdmin.errors.joinUrlInvalid",
  runInvalid: "runsAdmin.errors.runInvalid",
  runNotFound: "runsAdmin.errors.runNotFound",
  hasRequests: "runsAdmin.errors.hasRequests",
  saveFailed: "runsAdmin.errors.saveFailed",
  deleteFailed: "runsAdmin.errors.deleteFailed",
  subjectTooLong: "runsAdmin.errors.subjectTooLong",
  bodyTooLong: "runsAdmin.errors.bodyTooLong",
  subjectMissing: "runsAdmin.errors.subjectMissing",
  bodyMissing: "runsAdmin.errors.bodyMissing",
  messageEmpty: "runsAdmin.errors.messageEmpty",
  noRecipients: "runsAdmin.errors.noRecipients",
  sendFailed: "runsAdmin.errors.sendFailed",
} as const;


/** An optional whole number typed in a text field (Arabic-Indic digits read as 0–9, D26); empty means none. */
const optionalWhole = (min: number, max: number, invalid: string, range = invalid) =>
  z
    .preprocess(
      westernDigitsInput<number>,
      z
        .number({ error: invalid })
        .int({ error: invalid, abort: true })
        .min(min, { error: range, abort: true })
        .max(max, { error: range }),
    )
    .optional()
    .nullable()
    .transform((v) => v ?? null);

/**
 * A moment: a Cairo wall time as datetime-local sends it ("2027-01-12T19:00"), or a Date (a value this
 * schema already parsed). `required`: empty is refused with `missing`.
 */
function cairoMoment(missing: string, invalid: string) {
  return z
    // Not z.date(): the form parser would coerce the text into a Date read in the server's own zone.
    .union([z.custom<Date>((v) => v instanceof Date, { error: invalid }), z.string({ error: invalid })], { error: invalid })
    .optional()
    .nullable()
    .transform((value, ctx): Date | null => {
      if (value instanceof Date) {
        if (!Number.isNaN(value.getTime())) return value;
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      const text = value?.trim() ?? "";
      if (text === "") {
        if (missing) {
          ctx.addIssue({ code: "custom", message: missing });
          return z.NEVER;
        }
        return null;
      }
      const at = cairoWallTimeToUtc(toWesternDigits(text));
      if (!at) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return at;
    });
}

/** An absolute https address with a host (what a meeting service gives). */
function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The fields of a run as the domain functions take them. */
export const runValuesSchema = z
  .object({
    startsAt: cairoMoment(RUN_ERRORS.startRequired, RUN_ERRORS.startInvalid),
    endsAt: cairoMoment("", RUN_ERRORS.endInvalid),
    schedule: optionalTextOrNull(RUN_LIMITS.schedule, RUN_ERRORS.scheduleTooLong),
    scheduleAr: optionalTextOrNull(RUN_LIMITS.schedule, RUN_ERRORS.scheduleTooLong),
    mode: z.enum(RUN_MODES, { error: RUN_ERRORS.modeInvalid }),
    location: optionalTextOrNull(RUN_LIMITS.location, RUN_ERRORS.locationTooLong),
    locationAr: optionalTextOrNull(RUN_LIMITS.location, RUN_ERRORS.locationTooLong),
    capacity: optionalWhole(RUN_LIMITS.capacityMin, RUN_LIMITS.capacityMax, RUN_ERRORS.capacityInvalid, RUN_ERRORS.capacityRange),
    price: z
      .preprocess(
        westernDigitsInput<number>,
        z
          .number({ error: RUN_ERRORS.priceInvalid })
          .refine((v) => Number.isFinite(v), { error: RUN_ERRORS.priceInvalid, abort: true })
          .min(0, { error: RUN_ERRORS.priceNonNegative, abort: true })
          .max(RUN_LIMITS.priceMax, { error: RUN_ERRORS.priceMax, abort: true })
          .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: RUN_ERRORS.priceStep }),
      )
      .optional()
      .nullable()
      .transform((v) => (v === null || v === undefined ? null : Math.round(v * 100) / 100)),
    status: z.enum(RUN_STATUSES, { error: RUN_ERRORS.statusInvalid }).default("open"),
    instructorId: z
      .union([z.literal(""), z.uuid({ error: RUN_ERRORS.instructorInvalid })], { error: RUN_ERRORS.instructorInvalid })
      .optional()
      .nullable()
      .transform((v) => v || null),
    sessionMinutes: optionalWhole(1, RUN_LIMITS.sessionMinutesMax, RUN_ERRORS.sessionMinutesInvalid),
    repeatFrequency: z
      .union([z.literal(""), z.enum(RUN_REPEAT_FREQUENCIES)], { error: RUN_ERRORS.repeatFrequencyInvalid })
      .optional()
      .nullable()
      .transform((v) => v || null),
    repeatCount: optionalWhole(1, RUN_LIMITS.repeatCountMax, RUN_ERRORS.repeatCountInvalid),
    // A live run's joining link (issue 38 item 3): https only (a meeting's address; never javascript: or a file).
    joinUrl: z
      .string({ error: RUN_ERRORS.joinUrlInvalid })
      .trim()
      .max(RUN_LIMITS.joinUrl, { error: RUN_ERRORS.joinUrlInvalid, abort: true })
      .refine((v) => v === "" || isHttpsUrl(v), { error: RUN_ERRORS.joinUrlInvalid })
      .optional()
      .nullable()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.startsAt && v.endsAt && v.endsAt.getTime() < v.startsAt.getTime()) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: RUN_ERRORS.endBeforeStart });
    }
    if (v.mode === "on_site" && !v.location && !v.locationAr) {
      ctx.addIssue({ code: "custom", path: ["location"], message: RUN_ERRORS.locationRequired });
    }
  });
export type RunValues = z.input<typeof runValuesSchema>;
export type ParsedRunValues = z.output<typeof runValuesSchema>;

const uuid = (error: string) => z.uuid({ error });

export const createRunSchema = runValuesSchema.safeExtend({
  intent: z.literal("createRun"),
  courseId: uuid(RUN_ERRORS.runInvalid),
});
export const updateRunSchema = runValuesSchema.safeExtend({
  intent: z.literal("updateRun"),
  runId: uuid(RUN_ERRORS.runInvalid),
  version: editVersion,
});
/** The run form (add or edit): one schema for the browser's checks. */
export const runFormSchema = z.discriminatedUnion("intent", [createRunSchema, updateRunSchema], { error: RUN_ERRORS.runInvalid });

export const deleteRunSchema = z.object({ intent: z.literal("deleteRun"), runId: uuid(RUN_ERRORS.runInvalid) });
export const runStatusSchema = z.object({
  intent: z.literal("setRunStatus"),
  runId: uuid(RUN_ERRORS.runInvalid),
  status: z.enum(RUN_STATUSES, { error: RUN_ERRORS.statusInvalid }),
});

// ---------------------------------------------------------------------------------------------------------
// The message to a run's approved students
// ---------------------------------------------------------------------------------------------------------

/** A text, line breaks as "\n", trimmed; at most `max` characters then (no inner string schema: the form parser would read "" as missing). */
const messageText = (max: number, error: string) =>
  z
    .string({ error })
    .max(max * 2, { error, abort: true })
    .optional()
    .nullable()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
    .refine((v) => v.length <= max, { error });

/**
 * Subject and body in English and in Arabic. Each language is written whole (subject and body) or left
 * empty; at least one is written. A student gets their own language, else the other.
 */
export const runMessageValuesSchema = z
  .object({
    subject: messageText(RUN_LIMITS.subject, RUN_ERRORS.subjectTooLong).transform((v) => v.replace(/\s+/g, " ")),
    body: messageText(RUN_LIMITS.body, RUN_ERRORS.bodyTooLong),
    subjectAr: messageText(RUN_LIMITS.subject, RUN_ERRORS.subjectTooLong).transform((v) => v.replace(/\s+/g, " ")),
    bodyAr: messageText(RUN_LIMITS.body, RUN_ERRORS.bodyTooLong),
  })
  .superRefine((v, ctx) => {
    if (!v.subject && !v.body && !v.subjectAr && !v.bodyAr) {
      ctx.addIssue({ code: "custom", path: ["subject"], message: RUN_ERRORS.messageEmpty });
      return;
    }
    for (const [subject, body, s, b] of [
      [v.subject, v.body, "subject", "body"],
      [v.subjectAr, v.bodyAr, "subjectAr", "bodyAr"],
    ] as const) {
      if (body && !subject) ctx.addIssue({ code: "custom", path: [s], message: RUN_ERRORS.subjectMissing });
      if (subject && !body) ctx.addIssue({ code: "custom", path: [b], message: RUN_ERRORS.bodyMissing });
    }
  });
export type RunMessageValues = z.input<typeof runMessageValuesSchema>;
export type ParsedRunMessage = z.output<typeof runMessageValuesSchema>;

export const previewRunMessageSchema = runMessageValuesSchema.safeExtend({
  intent: z.literal("previewRunMessage"),
  runId: uuid(RUN_ERRORS.runInvalid),
});
export const sendRunMessageSchema = runMessageValuesSchema.safeExtend({
  intent: z.literal("sendRunMessage"),
  runId: uuid(RUN_ERRORS.runInvalid),
});
/** The message form (preview, then send). */
export const runMessageFormSchema = z.discriminatedUnion("intent", [previewRunMessageSchema, sendRunMessageSchema], {
  error: RUN_ERRORS.runInvalid,
});

export type RunIntent = "createRun" | "updateRun" | "deleteRun" | "setRunStatus" | "previewRunMessage" | "sendRunMessage";

/** One language's email as a student would get it (the preview). */
export interface RunMessagePreview {
  locale: "en" | "ar";
  subject: string;
  text: string;
}

/** What the run intents report besides the common part of an AdminReply. */
export interface RunReplyFields {
  runId: string;
  /** Emails queued by a send; students who would get one in a preview. */
  sent: number;
  recipients: number;
  preview: RunMessagePreview[];
  runStatus: string;
}

/** The runs sheet's own URL parameters, beside ?dialog=runs&course=…: which run, and which view. */
export const RUN_VIEWS = ["new", "edit", "delete", "cancel", "message"] as const;
export type RunView = (typeof RUN_VIEWS)[number];
