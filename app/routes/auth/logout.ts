import { redirect } from "react-router";
import { appState } from "~/lib/app.server.ts";
import type { Route } from "./+types/logout";

/** Sign Out: ends the session on the server (the row is deleted) and clears the cookie, then /login. */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    const res = await appState().auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // No session: nothing to end.
  }
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/login");
}
