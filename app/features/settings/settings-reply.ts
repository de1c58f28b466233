// What the /admin/settings action answers (types only; safe in the browser).
import type { SubmissionResult } from "@conform-to/react";

export interface SettingsReply {
  ok: boolean;
  result?: SubmissionResult<string[]>;
  messageKey?: string;
}
