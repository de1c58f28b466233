import { z } from "zod";

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,100}$/)
  .optional()
  .catch(undefined);

/** Catalogue URL state (?q, ?category, ?subcategory, ?page); anything malformed is ignored, never an error. */
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
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

export function parseCatalogQuery(searchParams: URLSearchParams): CatalogQuery {
  return catalogQuerySchema.parse(Object.fromEntries(searchParams));
}
