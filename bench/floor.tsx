// The floor for `npm run bench` (QUALITY "Performance bar"): the least work any server could do to send
// the catalogue page — a bare React renderToString of the same 24 course cards, with the same markup
// (elements, classes, attributes, icons, texts), served by node:http. The cards are read once at start
// (the JSON that bench/run.ts wrote from the app's own listPublishedCourses); no database, router, i18n,
// middleware or layout — but the app's compression middleware (below). The app's /courses is measured
// against this in the same run.
//
// Run by bench/run.ts: FLOOR_CARDS=<cards.json> PORT=<port> NODE_ENV=production tsx bench/floor.tsx
import fs from "node:fs";
import http from "node:http";
import compression from "compression";
import { renderToString } from "react-dom/server";
import type { CourseCard } from "../app/features/catalog/catalog.server.ts";
import { streamCompressionOptions } from "../app/lib/compression.server.ts";
import { formatPrice } from "../app/lib/format.ts";

const cards = JSON.parse(fs.readFileSync(process.env.FLOOR_CARDS ?? "", "utf8")) as CourseCard[];
const port = Number(process.env.PORT ?? 0);

const href = (slug: string) => `/courses/${encodeURIComponent(slug)}`;

function ClockIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="lucide lucide-clock h-4 w-4">
      <path d="M12 6v6l4 2" />
      <circle cx="12" cy="12" r="10" />
    </svg>
  );
}

function UsersIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="lucide lucide-users h-4 w-4">
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <path d="M16 3.128a4 4 0 0 1 0 7.744" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.87" />
      <circle cx="9" cy="7" r="4" />
    </svg>
  );
}

function Card({ course, eager }: { course: CourseCard; eager: boolean }) {
  const price = formatPrice(course.price, "en");
  const titleId = `course-${course.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
      lang={course.language}
    >
      <a href={href(course.slug)} tabIndex={-1} aria-hidden="true">
        <img
          src={course.thumbnailUrl ?? "/images/course-default.webp"}
          srcSet={course.thumbnailSrcSet}
          alt=""
          width={800}
          height={600}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
      </a>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={titleId} className="text-lg font-semibold leading-snug text-slate-900">
          <a href={href(course.slug)} className="hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-800">
            {course.title}
          </a>
        </h3>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600">{course.summary}</p>
        <dl className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700" lang="en">
          <div className="flex items-center gap-1">
            <dt>
              <ClockIcon />
              <span className="sr-only">Duration</span>
            </dt>
            <dd>{course.hours ? `${course.hours} ${course.hours === 1 ? "hour" : "hours"}` : "8 weeks"}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <UsersIcon />
              <span className="sr-only">Students</span>
            </dt>
            <dd>{`${course.approvedCount} ${course.approvedCount === 1 ? "student" : "students"} enrolled`}</dd>
          </div>
        </dl>
        <div className="mt-4 flex items-center justify-between gap-3" lang="en">
          {course.priceVisible ? (
            <p className="text-lg font-bold text-teal-900">
              <span className="sr-only">Price: </span>
              {price ?? "Free"}
            </p>
          ) : (
            <span />
          )}
          <a href={`${href(course.slug)}/enroll`} className="btn-primary inline-flex px-4 py-2 text-sm" aria-label={`Enroll Now: ${course.title}`}>
            Enroll Now
          </a>
        </div>
      </div>
    </article>
  );
}

function Page() {
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>All Courses</title>
      </head>
      <body>
        <main id="main">
          <div className="mx-auto max-w-6xl px-4 py-10">
            <h1 className="text-3xl font-bold text-teal-950">All Courses</h1>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {cards.map((course, i) => (
                <li key={course.id} className="flex">
                  <div className="flex w-full">
                    <Card course={course} eager={i < 3} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </main>
      </body>
    </html>
  );
}

// The app's compression in front of the floor: the same `compression` middleware with the same settings
// (server.ts: app/lib/compression.server.ts — brotli quality 4 with a 256 KB window, gzip level 6, 1 KB
// threshold), so that with Chrome's Accept-Encoding the floor pays for brotli as the app does and the ratios
// compare like with like.
const compress = compression(streamCompressionOptions);

http
  .createServer((req, res) => {
    compress(req as never, res as never, () => {
      const html = "<!DOCTYPE html>" + renderToString(<Page />);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(html) });
      res.end(html);
    });
  })
  .listen(port, "127.0.0.1");
