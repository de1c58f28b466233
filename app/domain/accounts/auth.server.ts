// The app's better-auth instance: the configuration of better-auth.server.ts with our password-reset
// email (reset-password.server.ts: older links dropped, the email queued in the outbox).
import { configureAuth, type Auth, type AuthConfig } from "~/lib/better-auth.server.ts";
import { sendResetPasswordEmail } from "./reset-password.server.ts";

export type { Auth, AuthConfig } from "~/lib/better-auth.server.ts";

export function createAuth(config: AuthConfig): Auth {
  return configureAuth(config, ({ user, token }) => sendResetPasswordEmail({ db: config.db, baseURL: config.baseURL, user, token }));
}
