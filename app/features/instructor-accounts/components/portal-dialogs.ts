// The instructor dashboard's dialogs live in its address (issue 36 item 12), like the admin's
// (components/ui/url-dialog.tsx): `?dialog=details&course=<id>` the course details, `dialog=materials` the
// same details opened at the materials, `dialog=viewer&material=<id>` a material in the view-only viewer.
// Back closes the viewer (and then the details) instead of leaving the portal, and a reload reopens them.
// Opening or closing one changes only these parameters: the dashboard's data stays as it is.
import type { Location, ShouldRevalidateFunctionArgs } from "react-router";

export const DASHBOARD_PATH = "/instructor-dashboard";
export const PORTAL_DIALOGS = ["details", "materials", "viewer"] as const;
export type PortalDialog = (typeof PORTAL_DIALOGS)[number];
export const COURSE_PARAM = "course";
export const MATERIAL_PARAM = "material";
const DIALOG_PARAMS = ["dialog", COURSE_PARAM, MATERIAL_PARAM];

/** The query without the dialogs' own parameters, in a stable order. */
function pageQuery(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  params.sort();
  return params.toString();
}

/** A move between two addresses of the dashboard that differ only in which dialog is open. */
export function dialogOnly(from: Pick<Location, "pathname" | "search">, to: Pick<Location, "pathname" | "search">): boolean {
  return from.pathname === to.pathname && from.search !== to.search && pageQuery(from.search) === pageQuery(to.search);
}

/** The dashboard's route: no loader runs for opening or closing a dialog (a revalidation still runs). */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (args.formMethod) return args.defaultShouldRevalidate;
  return !dialogOnly(args.currentUrl, args.nextUrl) && args.defaultShouldRevalidate;
}
