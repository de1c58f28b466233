// /instructor-logout: POST ends the instructor session on the server (the row is deleted) and clears the
// cookie, then /instructor-login. A GET changes nothing: it only leads to the login page (which itself
// drops an expired session).
import { redirect } from "react-router";
import { endInstructorSession, INSTRUCTOR_LOGIN_PATH } from "~/lib/instructor-session.server.ts";
import type { Route } from "./+types/logout";

export async function action({ request }: Route.ActionArgs) {
  const headers = await endInstructorSession(request);
  headers.set("Cache-Control", "no-store");
  return redirect(INSTRUCTOR_LOGIN_PATH, { headers });
}

export function loader() {
  return redirect(INSTRUCTOR_LOGIN_PATH, { headers: { "Cache-Control": "no-store" } });
}
