// The one way a public form action runs: rate limit by client, parse with the form's schema (the same
// one the browser uses), drop honeypot submissions silently, call one domain function, and turn any
// AppError into a translated reply with the right status. Bad input never becomes a 500.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { requestInfoContext } from "./context.server.ts";
import { isAppError } from "./errors.ts";
import { isLocale, type Locale } from "./i18n.ts";
import { logger } from "./logger.server.ts";
import { clientIp, consumeRateLimit, retryAfterSeconds, type RateLimiter } from "./rate-limit.server.ts";
import { env } from "./env.server.ts";
import { getLocale } from "~/middleware/i18next.server.ts";

export interface FormReply<T> {
  result: SubmissionResult<string[]>;
  /** Locale key of a message for the whole form (rate limit, unavailable course, failure). */
  formError?: string;
  success?: T;
}

export async function publicFormAction<S extends z.ZodType<Record<string, unknown>>, T>(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  schema: S;
  limiter: RateLimiter;
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
  try {
    await consumeRateLimit(args.limiter, clientIp(request, env().TRUST_PROXY, context.get(requestInfoContext).ip));
  } catch (err) {
    if (isAppError(err)) {
      const retry = retryAfterSeconds(err);
      return data<FormReply<T>>(
        { result: submission.reply(), formError: err.messageKey },
        { status: err.status, headers: retry ? { "Retry-After": String(retry) } : undefined },
      );
    }
    throw err;
  }
  if (submission.status !== "success") {
    return data<FormReply<T>>({ result: submission.reply() }, { status: 400 });
  }
  if (args.isBot(submission.value)) {
    return data<FormReply<T>>({ result: submission.reply({ resetForm: true }), success: args.botReply });
  }
  try {
    const success = await args.handle(submission.value, lang);
    return data<FormReply<T>>({ result: submission.reply({ resetForm: true }), success });
  } catch (err) {
    if (isAppError(err) && err.status < 500) {
      const fieldErrors = err.fields ? Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, [v]])) : undefined;
      return data<FormReply<T>>(
        { result: submission.reply({ fieldErrors }), formError: err.messageKey },
        { status: err.status },
      );
    }
    logger.error({ err }, "form action failed");
    return data<FormReply<T>>({ result: submission.reply(), formError: args.failureKey }, { status: 503 });
  }
}
