// Audit log page filters (issue 4 point 7), read from the query string. Bad values fall back to "no
// filter" / page 1 rather than an error: the page is a GET that anyone may bookmark or edit.
import { z } from "zod";

export const AUDIT_PAGE_SIZE = 50;

const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined))
    .catch(undefined);

export const auditFilterSchema = z.object({
  /** Part of the acting user's email, case-insensitive. */
  user: optionalFilter(254),
  /** An entity name, exactly (e.g. "user", "role_permissions"). */
  entity: optionalFilter(100),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});

export type AuditFilter = z.output<typeof auditFilterSchema>;

export function parseAuditFilter(params: URLSearchParams): AuditFilter {
  return auditFilterSchema.parse({
    user: params.get("user") ?? undefined,
    entity: params.get("entity") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}
