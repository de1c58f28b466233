// The one list of admin pages (issue 16 point 7): every /admin URL with its route module, what it needs,
// and, for the pages in the side navigation, its icon and label (admin.nav.<key>). app/routes.ts builds the
// admin routes from it, the admin shell its navigation, and the authorization matrix test
// (tests/e2e/authz-matrix.e2e.test.ts) its rows: a page's loader and action must refuse exactly who the
// list says. The route modules check it themselves (requireActor in their loader and action); this list is
// what they are tested against, so a page added here and forgotten there fails the matrix.
// Order is the navigation's order. No import of app/features (and no server code): routes.ts reads it.
/**
 * The navigation's icons, by name: drawn from the public sprite (app/components/icons; a name missing there
 * fails the admin shell's type check), not built as elements on every render.
 */
export type AdminNavIcon =
  | "layout-dashboard" | "book-open" | "folder-tree" | "graduation-cap" | "users" | "clipboard-list" | "mail" | "settings"
  | "shield-check" | "scroll-text" | "mail-check" | "key-round" | "banknote" | "user-round";
import { can, type ActorView, type Permission } from "./permissions.ts";

/** Who may use a page: any staff member, admins only, or staff holding a permission (admins hold all). */
export type AdminAccess = "staff" | "admin" | Permission;

export interface AdminPage {
  /** The URL path. */
  path: `/admin${string}`;
  /** The route module, relative to app/. */
  file: string;
  access: AdminAccess;
  /** Open while staff must first change a generated password (D9) or set up a required second factor. */
  allow?: "passwordChange" | "securitySetup";
  /** Outside the admin layout: resource routes that read the session themselves (streamed uploads). */
  outsideLayout?: true;
  /** In the side navigation: the label admin.nav.<key> and the icon. */
  nav?: { key: string; icon: AdminNavIcon };
}

/** Every admin URL, by name: the one place a path is written (the list below and every link use these). */
export const ADMIN_PATH = {
  dashboard: "/admin",
  courses: "/admin/courses",
  categories: "/admin/categories",
  instructors: "/admin/instructors",
  users: "/admin/users",
  enrollments: "/admin/enrollments",
  enrollmentsExport: "/admin/enrollments/export.csv",
  payments: "/admin/payments",
  paymentsList: "/admin/payments/all",
  paymentsExport: "/admin/payments/export.csv",
  paymentProof: "/admin/payments/proofs/:id",
  messages: "/admin/messages",
  settings: "/admin/settings",
  roles: "/admin/roles",
  audit: "/admin/audit",
  emails: "/admin/emails",
  dataRequests: "/admin/data-requests",
  security: "/admin/two-factor",
  changePassword: "/admin/change-password",
  imageUpload: "/admin/uploads/image",
  documentUpload: "/admin/uploads/document",
} as const satisfies Record<string, `/admin${string}`>;

export const ADMIN_PAGES: readonly AdminPage[] = [
  { path: ADMIN_PATH.dashboard, file: "routes/admin/dashboard.tsx", access: "staff", nav: { key: "dashboard", icon: "layout-dashboard" } },
  { path: ADMIN_PATH.courses, file: "routes/admin/courses.tsx", access: "courses:view", nav: { key: "courses", icon: "book-open" } },
  { path: ADMIN_PATH.categories, file: "routes/admin/categories.tsx", access: "categories:view", nav: { key: "categories", icon: "folder-tree" } },
  { path: ADMIN_PATH.instructors, file: "routes/admin/instructors.tsx", access: "instructors:view", nav: { key: "instructors", icon: "graduation-cap" } },
  { path: ADMIN_PATH.users, file: "routes/admin/users.tsx", access: "users:view", nav: { key: "users", icon: "users" } },
  { path: ADMIN_PATH.enrollments, file: "routes/admin/enrollments.tsx", access: "enrollments:view", nav: { key: "enrollments", icon: "clipboard-list" } },
  { path: ADMIN_PATH.enrollmentsExport, file: "routes/admin/enrollments-export.ts", access: "enrollments:export" },
  { path: ADMIN_PATH.payments, file: "routes/admin/payments.tsx", access: "payments:view", nav: { key: "payments", icon: "banknote" } },
  { path: ADMIN_PATH.paymentsList, file: "routes/admin/payments-list.tsx", access: "payments:view" },
  { path: ADMIN_PATH.paymentsExport, file: "routes/admin/payments-export.ts", access: "payments:export" },
  { path: ADMIN_PATH.messages, file: "routes/admin/messages.tsx", access: "messages:view", nav: { key: "messages", icon: "mail" } },
  { path: ADMIN_PATH.settings, file: "routes/admin/settings.tsx", access: "settings:edit", nav: { key: "settings", icon: "settings" } },
  { path: ADMIN_PATH.roles, file: "routes/admin/roles.tsx", access: "admin", nav: { key: "roles", icon: "shield-check" } },
  { path: ADMIN_PATH.audit, file: "routes/admin/audit.tsx", access: "admin", nav: { key: "audit", icon: "scroll-text" } },
  { path: ADMIN_PATH.emails, file: "routes/admin/emails.tsx", access: "admin", nav: { key: "emails", icon: "mail-check" } },
  // Students' requests to delete their data (issue 38 item 6).
  { path: ADMIN_PATH.dataRequests, file: "routes/admin/data-requests.tsx", access: "admin", nav: { key: "dataRequests", icon: "user-round" } },
  // Every staff member's own second factor (issue 14 point 12).
  { path: ADMIN_PATH.security, file: "routes/admin/two-factor.tsx", access: "staff", allow: "securitySetup", nav: { key: "security", icon: "key-round" } },
  { path: ADMIN_PATH.changePassword, file: "routes/admin/change-password.tsx", access: "staff", allow: "passwordChange" },
  // Uploads from the course and instructor forms (streamed, access-checked inside: any of courses or
  // instructors create/edit; the matrix checks them with courses:edit).
  { path: ADMIN_PATH.imageUpload, file: "routes/api/upload-image.ts", access: "courses:edit", outsideLayout: true },
  { path: ADMIN_PATH.documentUpload, file: "routes/api/upload-document.ts", access: "courses:edit", outsideLayout: true },
  { path: ADMIN_PATH.paymentProof, file: "routes/api/payment-proof.ts", access: "payments:view", outsideLayout: true },
];

/** Settings' contact details group (the details and the notification address), linked from the dashboard. */
export const SETTINGS_CONTACT_ANCHOR = "contact-details";

/** The list's entry for a path (for tests and tools); throws on a path that is not in the list. */
export function adminPage(path: string): AdminPage {
  const page = ADMIN_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`${path} is not in ADMIN_PAGES (app/lib/admin-pages.ts)`);
  return page;
}

/** The same rule as the route guards: any staff member, admins only, or the permission (admins have all). */
export function mayOpen(actor: ActorView, access: AdminAccess): boolean {
  if (access === "staff") return true;
  if (access === "admin") return actor.role === "admin";
  return can(actor, access);
}

export interface AdminNavEntry {
  to: string;
  key: string;
  icon: AdminNavIcon;
  access: AdminAccess;
}

/** The side navigation, in the list's order. */
export const ADMIN_NAV: readonly AdminNavEntry[] = ADMIN_PAGES.flatMap((p) =>
  p.nav ? [{ to: p.path, key: p.nav.key, icon: p.nav.icon, access: p.access }] : [],
);

/** The navigation entries this staff member may open. */
export function visibleNav(actor: ActorView): AdminNavEntry[] {
  return ADMIN_NAV.filter((e) => mayOpen(actor, e.access));
}
