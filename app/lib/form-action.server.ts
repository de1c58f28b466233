// The one way a public form action runs: parse with the form's schema (the same one the browser uses),
// rate limit by client address (and, for a valid post, by a value such as its email address), drop
// honeypot submissions silently, call one domain function, and turn any AppError into a translated reply
// with the right status. Bad input never becomes a 500; a refused post keeps what the visitor typed.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { requestInfoContext } from "./context.server.ts";
import { isAppError } from "./errors.ts";
import { refusalOf, type Refusal } from "./form-reply.server.ts";
import type { FormReply } from "./form-reply.ts";
import { isLocale, type Locale } from "./i18n.ts";
import { logger } from "./logger.server.ts";
import { clientIp, consumeRateLimit, type RateLimiter } from "./rate-limit.server.ts";
import { getLocale } from "~/lib/context.server.ts";

export type { FormReply } from "./form-reply.ts";

export async function publicFormAction<S extends z.ZodType<Record<string, unknown>>, T>(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  schema: S;
  /** Every post per client address (honeypot posts included). */
  limiter: RateLimiter;
  /**
   * Posts that fail validation, per client address, counted here instead of `limiter` so that mistakes
   * never spend the allowance of valid posts. Without it they count against `limiter`.
   */
  invalidLimiter?: RateLimiter;
  /** A strict limit on valid posts per value (e.g. the email address), whatever the client address. */
  valueLimit?: { limiter: RateLimiter; key: (value: z.output<S>) => string };
  failureKey: string;
  isBot: (value: z.output<S>) => boolean;
  /** The value reported as success when a bot is silently dropped. */
  botReply: T;
  handle: (value: z.output<S>, locale: Locale) => Promise<T>;
}) {
  const { request, context } = args;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: args.schema });
  const locale = getLocale(context);
  const lang: Locale = isLocale(locale) ? locale : "en";
  const ip = clientIp(context.get(requestInfoContext).ip);
  const valid = submission.status === "success";
  try {
    await consumeRateLimit(valid ? args.limiter : (args.invalidLimiter ?? args.limiter), ip);
    if (submission.status === "success" && args.valueLimit && !args.isBot(submission.value)) {
      await consumeRateLimit(args.valueLimit.limiter, args.valueLimit.key(submission.value));
    }
  } catch (err) {
    return refused<T>(refusalOf(err, submission));
  }
  if (submission.status !== "success") {
    return data<FormReply<T>>({ ok: false, result: submission.reply() }, { status: 400 });
  }
  if (args.isBot(submission.value)) {
    return data<FormReply<T>>({ ok: true, result: submission.reply({ resetForm: true }), success: args.botReply });
  }
  try {
    const success = await args.handle(submission.value, lang);
    return data<FormReply<T>>({ ok: true, result: submission.reply({ resetForm: true }), success });
  } catch (err) {
    if (isAppError(err) && err.status < 500) return refused<T>(refusalOf(err, submission));
    logger.error({ err }, "form action failed");
    return data<FormReply<T>>({ ok: false, result: submission.reply(), messageKey: args.failureKey }, { status: 503 });
  }
}

function refused<T>({ status, headers, reply }: Refusal) {
  return data<FormReply<T>>(reply, { status, headers });
}
