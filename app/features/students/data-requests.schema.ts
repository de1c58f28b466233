// Admin › Erase requests (issue 38 items 6 and 7): the confirm form's fields and the page's reply. Safe in
// the browser.
import { z } from "zod";
import type { AdminReply } from "~/lib/admin-reply.ts";

export const DATA_REQUESTS_INVALID = "adminDataRequests.errors.invalidRequest";

export const eraseSchema = z.object({
  intent: z.literal("erase", { error: DATA_REQUESTS_INVALID }),
  id: z.uuid({ error: DATA_REQUESTS_INVALID }),
});

export interface DataRequestsReplyFields {
  id: string;
  /** How many requests were erased. */
  requests: number;
}
export type DataRequestsReply = AdminReply<"erase", DataRequestsReplyFields>;
