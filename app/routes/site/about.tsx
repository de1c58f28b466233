// /:lang/about — About (SPEC §2 About): the key figures and the instructors, read by the loader; the page
// is features/catalog/components/about-page.tsx.
import { withPublicStrings } from "~/lib/i18n-client.ts";
import { AboutPage, type InstructorsResult } from "~/features/catalog/components/about-page.tsx";
import { getAboutFigures, listPublicInstructors } from "~/features/catalog/catalog.server.ts";
import { requestVersion } from "~/lib/content-version.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { metaOf } from "~/lib/seo.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/about";

/** How long the loader waits for the instructors before streaming them behind 'Loading instructors...'. */
const INSTRUCTORS_WAIT_MS = 250;
const PENDING = Symbol("pending");

/** The promise's value when it settles within `ms`, else PENDING. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | typeof PENDING> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof PENDING>((resolve) => (timer = setTimeout(resolve, ms, PENDING)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  // A failure shows the error state in the grid and is logged; it never breaks the page or fakes data.
  const instructorsPromise: Promise<InstructorsResult> = Promise.resolve()
    .then(listPublicInstructors)
    .then(
      (list): InstructorsResult => ({ ok: true, list }),
      (err: unknown): InstructorsResult => {
        logger.error({ err }, "about: loading instructors failed");
        return { ok: false, list: [] };
      },
    );
  let figures: Awaited<ReturnType<typeof getAboutFigures>> | null = null;
  try {
    // Kept per content version (app/lib/content-version.server.ts).
    figures = await getAboutFigures(await requestVersion(context));
  } catch (err) {
    logger.error({ err }, "about: loading key figures failed");
  }
  // Usually the grid is ready at once and is rendered in the HTML (readable without JavaScript, no layout
  // shift). Only when the store is slow is it streamed, showing 'Loading instructors...' meanwhile.
  const settled = await settledWithin(instructorsPromise, INSTRUCTORS_WAIT_MS);
  const instructors = settled === PENDING ? instructorsPromise : settled;
  return { title: t("about.metaTitle"), description: t("about.metaDescription"), figures, instructors };
}

/** Client navigations also bring the public strings the first page did not load (app/lib/locale-files.ts). */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withPublicStrings(serverLoader);
}

export const meta: Route.MetaFunction = metaOf("/about");

// An instructor's dialog is a place in history (#instructor-<id>): opening or closing it loads nothing.
export { shouldRevalidate } from "~/lib/hooks/use-fragment-dialog.ts";

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const { locale, brand, origin } = matches[0].loaderData;
  return <AboutPage figures={loaderData.figures} instructors={loaderData.instructors} locale={locale} brand={brand} origin={origin} />;
}
