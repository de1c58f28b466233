// Issue 34 item 4, in `npm run bench`: a course shared widely brings many enrollment requests for one run at
// the same moment. Each request used to wait for the run's row lock while holding a pool connection, until
// the pool was empty and every page answered 503 (/login p95 36 → 2,895 ms). Measured here on the production
// path (two instances on PostgreSQL): the p95 of other pages while nothing else happens, then while 200
// enrollment requests for one run arrive at once. Target: no error anywhere, the pages' p95 ≤ 2 × baseline.
import { CHROME_ACCEPT_ENCODING } from "./measure.ts";

export interface CrowdReport {
  baselineP95: number;
  crowdP95: number;
  pageRequests: { baseline: number; crowd: number };
  pageErrors: number;
  /** The first few failed page requests, for the report. */
  pageFailures: string[];
  enrollments: { sent: number; ok: number; failed: string[] };
  crowdMs: number;
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]! : 0;
};

/** Pages fetched by `clients` loops until `until()` says stop; latencies and failures recorded. */
async function pageLoad(origins: string[], paths: string[], clients: number, until: () => boolean) {
  const latencies: number[] = [];
  const failures: string[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!until()) {
        const i = n++;
        const url = origins[i % origins.length]! + paths[i % paths.length]!;
        const started = performance.now();
        try {
          const res = await fetch(url, { headers: { "accept-encoding": CHROME_ACCEPT_ENCODING, "accept-language": "en" }, redirect: "manual" });
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${url}: ${res.status}`);
        } catch (err) {
          failures.push(`${url}: ${err instanceof Error ? err.message : String(err)}`);
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { latencies, failures };
}

function enrollmentBody(course: { courseId: string; runId?: string }, i: number): string {
  return new URLSearchParams({
    studentName: "Crowd Student",
    studentEmail: `crowd-${process.pid}-${i}@example.com`,
    countryCode: "+20",
    phoneNumber: "1001234567",
    message: "",
    courseId: course.courseId,
    ...(course.runId ? { runId: course.runId } : {}),
    website: "",
  }).toString();
}

export async function oneRunCrowd(opts: {
  origins: string[];
  slug: string;
  course: { courseId: string; runId?: string };
  enrollments?: number;
  baselineMs?: number;
}): Promise<CrowdReport> {
  const paths = ["/login", "/en/courses", `/en/courses/${opts.slug}`, "/ar/about"];
  const clients = 4;
  // Baseline: the pages alone.
  const baselineEnd = Date.now() + (opts.baselineMs ?? 5_000);
  const baseline = await pageLoad(opts.origins, paths, clients, () => Date.now() >= baselineEnd);

  // The crowd: every request for the same run sent at once, split over the instances, while the pages go on.
  const count = opts.enrollments ?? 200;
  let crowdDone = false;
  const started = performance.now();
  const pages = pageLoad(opts.origins, paths, clients, () => crowdDone);
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const origin = opts.origins[i % opts.origins.length]!;
      try {
        const res = await fetch(`${origin}/en/courses/${opts.slug}/enroll`, {
          method: "POST",
          // A crowd of visitors, each from an address of its own (the instances trust one proxy hop).
          headers: { "content-type": "application/x-www-form-urlencoded", origin, "accept-language": "en", "x-forwarded-for": `198.18.${i >> 8}.${i & 255}` },
          body: enrollmentBody(opts.course, i),
          redirect: "manual",
        });
        await res.arrayBuffer();
        return res.status === 200 ? null : `enrollment ${i}: HTTP ${res.status}`;
      } catch (err) {
        return `enrollment ${i}: ${err instanceof Error ? err.message : String(err)}`;
      }
    }),
  );
  const crowdMs = performance.now() - started;
  // A little more of the pages after the last answer, so the crowd's tail is in the figures.
  await new Promise((resolve) => setTimeout(resolve, 500));
  crowdDone = true;
  const crowd = await pages;
  const failed = answers.filter((a): a is string => a !== null);
  return {
    baselineP95: p95(baseline.latencies),
    crowdP95: p95(crowd.latencies),
    pageRequests: { baseline: baseline.latencies.length, crowd: crowd.latencies.length },
    pageErrors: baseline.failures.length + crowd.failures.length,
    pageFailures: [...baseline.failures, ...crowd.failures].slice(0, 5),
    enrollments: { sent: count, ok: count - failed.length, failed: failed.slice(0, 5) },
    crowdMs,
  };
}
