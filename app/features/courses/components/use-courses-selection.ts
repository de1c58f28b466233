// The Admin Courses page's bulk selection: the checked rows, the bulk fetcher and its outcome.
import { useMemo, useState } from "react";
import { useFreshFetcher, useOnSuccess } from "~/components/admin/form-kit.tsx";
import type { CoursesReply } from "../courses.schema.ts";

/** Bulk selection (with JavaScript the count and "select all" follow the boxes); cleared after a bulk change. */
export function useCoursesSelection(rows: readonly { id: string }[], onBulkSuccess: (reply: CoursesReply) => void) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pageIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const selectedOnPage = pageIds.filter((id) => selected.has(id));
  const bulkFetcher = useFreshFetcher<CoursesReply>("courses-bulk");
  useOnSuccess(bulkFetcher, (r) => {
    onBulkSuccess(r);
    setSelected(new Set());
  });
  const toggleOne = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(pageIds) : new Set());
  return { selected, pageIds, selectedOnPage, bulkFetcher, toggleOne, toggleAll };
}

export type CoursesSelection = ReturnType<typeof useCoursesSelection>;
