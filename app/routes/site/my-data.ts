// /{en|ar}/my/data.json and /{en|ar}/my/data.csv — "Download my data" (issue 38 item 6): everything held
// about the signed-in student's email (app/features/students/my-data.server.ts), as a download. Without a
// student session, the sign-in page. Never cached.
import { redirect } from "react-router";
import { collectMyData, myDataCsv } from "~/features/students/my-data.server.ts";
import { currentStudent } from "~/features/students/student-sign-in.server.ts";
import { getLocale } from "~/lib/context.server.ts";
import { isLocale } from "~/lib/i18n.ts";
import { localePath } from "~/lib/locale-url.ts";
import type { Route } from "./+types/my-data";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const signedIn = await currentStudent(request);
  if (!signedIn) throw redirect(localePath(isLocale(locale) ? locale : "en", "/my"));
  const csv = new URL(request.url).pathname.endsWith(".csv");
  const data = await collectMyData(signedIn.email);
  const day = data.about.generatedAt.slice(0, 10);
  return new Response(csv ? myDataCsv(data) : JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${day}.${csv ? "csv" : "json"}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
