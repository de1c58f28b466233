// What every sign-in form starts with (staff and instructor sign-in, forgot and new password, the second
// step): Conform's form checked by the same schema as the server (on blur, or on submit; then as typed), the
// server's reply shown once the navigation is over, and whether the form is being sent. A plain form post,
// so each works without JavaScript.
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "react-router";
import type { z } from "zod";
import type { FormReply } from "~/lib/form-reply.ts";

export function useAuthForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  reply,
  shouldValidate = "onBlur",
  intent,
}: {
  id: string;
  schema: S;
  /** The server's answer to this form (a page with several forms passes it only to the one that was sent). */
  reply: Pick<FormReply<unknown>, "result"> | undefined;
  shouldValidate?: "onBlur" | "onSubmit";
  /** On a page with several forms (the security page): busy only while this intent is being sent. */
  intent?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData !== undefined && (intent === undefined || navigation.formData.get("intent") === intent);
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id,
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    shouldValidate,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { form, fields, busy };
}
