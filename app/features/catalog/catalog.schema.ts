import { z } from "zod";

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,100}$/)
  .optional()
  .catch(undefined);

/**
 * Catalogue URL state (?q, ?category, ?subcategory, ?starts, ?sort, ?page); anything malformed is ignored,
 * never an error. Issue 20: `starts=soon` (an open run within 30 days) or `starts=upcoming` (any start date
 * ahead), and `sort=start` (next start first). The default sort (newest) has no parameter: one URL per page.
 */
export const catalogQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined)),
  category: slug,
  subcategory: slug,
  starts: z.enum(["soon", "upcoming"]).optional().catch(undefined),
  sort: z.enum(["start"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

export function parseCatalogQuery(searchParams: URLSearchParams): CatalogQuery {
  return catalogQuerySchema.parse(Object.fromEntries(searchParams));
}
