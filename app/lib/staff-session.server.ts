// Staff sessions (better-auth, database sessions in HTTP-only cookies) turned into an Actor for the
// admin area. The admin layout's middleware resolves the actor once per request; every admin loader and
// action then calls requireActor/requireRoutePermission itself (a layout alone is not a guard).
import { ADMIN_PATH } from "~/lib/admin-pages.ts";
import { eq } from "drizzle-orm";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { session as sessionTable } from "@db/schema/index.ts";
import { appState } from "./app.server.ts";
import { requestInfoContext } from "./context.server.ts";
import { db } from "./db.server.ts";
import { AppError } from "./errors.ts";
import { logger } from "./logger.server.ts";
import { loadPermissions, hasPermission, type Actor } from "./permissions.server.ts";
import { isStaffRole, staffHold, type ActorView, type Permission } from "./permissions.ts";
import { isTwoFactorRequired } from "./site-settings.server.ts";

/** Sessions end after 7 days whatever the activity (QUALITY: absolute lifetime beside the sliding one). */
export const ABSOLUTE_SESSION_MS = 7 * 24 * 60 * 60 * 1000;

export const actorContext = createContext<Actor | null>(null);

/** The staff security page, where a second factor is set up (reachable while one is required and missing). */

async function twoFactorRequired(): Promise<boolean> {
  try {
    return await isTwoFactorRequired();
  } catch (err) {
    // Failing closed would lock every staff member out of the page that fixes it; the session still holds.
    logger.error({ err }, "two-factor setting lookup failed");
    return false;
  }
}

/** The signed-in staff member for this request, or null (no session, expired, or the lookup failed). */
export async function getActor(request: Request, ip?: string): Promise<Actor | null> {
  let result;
  try {
    result = await appState().auth.api.getSession({ headers: request.headers });
  } catch (err) {
    // A failure to read the session or profile denies access (SPEC §6).
    logger.error({ err }, "session lookup failed");
    return null;
  }
  if (!result) return null;
  const createdAt = new Date(result.session.createdAt).getTime();
  if (Date.now() - createdAt > ABSOLUTE_SESSION_MS) {
    await db().delete(sessionTable).where(eq(sessionTable.id, result.session.id));
    return null;
  }
  const user = result.user as typeof result.user & { role?: string; mustChangePassword?: boolean; twoFactorEnabled?: boolean | null };
  const role = user.role ?? "";
  const [permissions, required] = await Promise.all([loadPermissions(role), user.twoFactorEnabled ? false : twoFactorRequired()]);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role,
    mustChangePassword: Boolean(user.mustChangePassword),
    needsSecondFactor: isStaffRole(role) && required,
    permissions,
    ip,
  };
}

function returnPath(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  return `${path}${url.search}`;
}

/** Admin area middleware: no session → /login?from=…; otherwise the actor is put in the context. */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const actor = await getActor(request, context.get(requestInfoContext).ip);
  if (!actor) throw redirect(`/login?from=${encodeURIComponent(returnPath(request))}`);
  context.set(actorContext, actor);
  return next();
};

export type DenialReason = "accessDenied" | "forbidden";

/** The refusal a guard throws: an AppError like the domain's, with the reason the denial views read. */
export function denied(reason: DenialReason, options: { email?: string; messageKey?: string } = {}): AppError {
  const messageKey = options.messageKey ?? (reason === "accessDenied" ? "admin.accessDenied.title" : "admin.forbidden.title");
  return new AppError("forbidden", messageKey, { reason, email: options.email });
}

/**
 * The per-route guard. Anonymous → /login; a role outside the admin area → 403 Access Denied; a generated
 * password not yet changed → the forced change (D9); a second factor required by Settings and not set
 * up → the security page; a missing flag → 403 per-feature denial. Refusals are AppErrors (ADR 013).
 */
export function requireActor(
  context: Readonly<RouterContextProvider>,
  options: {
    permission?: Permission;
    adminOnly?: boolean;
    allowPasswordChange?: boolean;
    allowSecuritySetup?: boolean;
    /** The page's own words for a missing flag (a download link has no denial view to show). */
    deniedKey?: string;
  } = {},
): Actor {
  const actor = context.get(actorContext);
  if (!actor) throw redirect("/login");
  const hold = staffHold(actor);
  if (hold === "notStaff") throw denied("accessDenied", { email: actor.email });
  if (hold === "changePassword" && !options.allowPasswordChange) throw redirect(ADMIN_PATH.changePassword);
  if (hold === "secondFactor" && !options.allowSecuritySetup) throw redirect(ADMIN_PATH.security);
  if (options.adminOnly && actor.role !== "admin") throw denied("forbidden", { messageKey: options.deniedKey });
  if (options.permission && !hasPermission(actor, options.permission)) throw denied("forbidden", { messageKey: options.deniedKey });
  return actor;
}

export function toActorView(actor: Actor): ActorView {
  return {
    id: actor.id,
    email: actor.email,
    role: actor.role as ActorView["role"],
    permissions: [...actor.permissions],
  };
}
