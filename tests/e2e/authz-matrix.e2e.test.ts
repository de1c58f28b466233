// The authorization matrix, generated from the one list of admin pages (app/lib/admin-pages.ts, which
// app/routes.ts and the side navigation read too): every admin route's loader (GET) and action (POST) ×
// {anonymous, another role, manager without the flag, manager with the flag, admin}. A route whose loader or
// action forgets the check the list declares fails here (the manager without the flag would get through),
// and so does an /admin route in app/routes.ts that is not in the list.
// A student area session (issue 38) opens no admin route and not the instructor dashboard.
// The instructor area is covered too: anonymous visitors and staff sessions cannot use the instructor
// dashboard, and an instructor session opens no /admin route (loader or action).
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { drizzle } from "drizzle-orm/node-postgres";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "@db/schema/index.ts";
import routes from "~/routes.ts";
import { ADMIN_PAGES, type AdminPage } from "~/lib/admin-pages.ts";
import { createAuth } from "~/domain/accounts/auth.server.ts";
import { hashPassword } from "~/lib/password.server.ts";
import type { Db } from "~/lib/db.server.ts";
import { ALL_PERMISSIONS } from "~/lib/permissions.ts";
import { minimalPdf } from "../setup/pdf.ts";
import { ownApp } from "./fixtures.ts";
import { ROOT } from "./harness.ts";

const ALL_FLAGS: string[] = [...ALL_PERMISSIONS];

const SECRET = "e2e-authz-matrix-secret-".padEnd(48, "z");
const PASSWORD = "Matrix-Passw0rd!";

interface AdminRoute extends AdminPage {
  /** The module has an action: POSTs are checked too. */
  hasAction: boolean;
  /** What the module exports as `handle`, if anything (it must not declare access: the list does). */
  handle: Record<string, unknown> | undefined;
}

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    // An index route under prefix() carries the prefix as its path ("admin" for /admin).
    const full = e.path ? `${parent.replace(/\/$/, "")}/${e.path}` : parent;
    const self = e.file && (e.index || e.path) ? [{ path: full || "/", file: e.file }] : [];
    return [...self, ...flatten(e.children ?? [], full)];
  });
}

/** Every /admin URL of app/routes.ts: the test checks it is exactly the list. */
const routedAdminPaths: { path: string; file: string }[] = flatten(routes).filter((r) => r.path.startsWith("/admin"));

const cookies: Record<string, string> = {};
const INSTRUCTOR_EMAIL = "instructor@matrix.test";
const INSTRUCTOR_PASSWORD = "Ab3dEf7h";
let loaded: AdminRoute[] = [];

async function createUser(email: string, role: string) {
  const id = crypto.randomUUID();
  const now = new Date();
  await own.pool.query(
    `insert into "user" (id, name, email, email_verified, role, must_change_password, created_at, updated_at) values ($1,$2,$3,true,$4,false,$5,$5)`,
    [id, email, email, role, now],
  );
  await own.pool.query(
    `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at) values ($1,$2,'credential',$2,$3,$4,$4)`,
    [crypto.randomUUID(), id, await hashPassword(PASSWORD), now],
  );
}

async function grantManager(permissions: string[]) {
  await own.pool.query(
    `insert into role_permissions (role_name, permissions, updated_at) values ('instructor_course_manager', $1::jsonb, now())
     on conflict (role_name) do update set permissions = excluded.permissions, updated_at = now()`,
    [JSON.stringify(permissions)],
  );
}

const own = ownApp({ name: "authz-matrix", env: { AUTH_SECRET: SECRET, SEED_DEMO: "false" } });

beforeAll(async () => {
  await createUser("admin@matrix.test", "admin");
  await createUser("manager@matrix.test", "instructor_course_manager");
  await createUser("student@matrix.test", "student");
  // Sessions created through better-auth itself (same secret, same database as the server).
  const auth = createAuth({ db: drizzle(own.pool, { schema, casing: "snake_case" }) as unknown as Db, secret: SECRET, baseURL: own.url.replace("127.0.0.1", "localhost") });
  for (const [who, email] of [
    ["admin", "admin@matrix.test"],
    ["manager", "manager@matrix.test"],
    ["other", "student@matrix.test"],
  ] as const) {
    const res = await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
    expect(res.status).toBe(200);
    cookies[who] = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  }
  // An instructor with a login account (as the admin modal makes one), signed in through /instructor-login.
  const { rows } = await own.pool.query<{ id: string }>(
    `insert into instructors (name, email) values ('Matrix Instructor', $1) returning id`,
    [INSTRUCTOR_EMAIL],
  );
  await own.pool.query(
    `insert into instructor_accounts (instructor_id, email, password_hash, password_encrypted, expires_at, duration_hours)
     values ($1, $2, $3, 'v1.x.x.x', now() + interval '1 hour', 1)`,
    [rows[0]!.id, INSTRUCTOR_EMAIL, await hashPassword(INSTRUCTOR_PASSWORD)],
  );
  const signIn = await fetch(`${own.url}/instructor-login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: own.url },
    body: new URLSearchParams({ email: INSTRUCTOR_EMAIL, password: INSTRUCTOR_PASSWORD }),
  });
  expect(signIn.status).toBe(302);
  expect(signIn.headers.get("location")).toBe("/instructor-dashboard");
  cookies.instructor = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  expect(cookies.instructor).toMatch(/^ca_instructor=/);
  cookies.student = await studentSession("learner@matrix.test");
  loaded = await Promise.all(
    ADMIN_PAGES.map(async (page) => {
      const mod = (await import(path.join(ROOT, "app", page.file))) as { handle?: AdminRoute["handle"]; action?: unknown };
      return { ...page, handle: mod.handle, hasAction: typeof mod.action === "function" };
    }),
  );
});

/**
 * A student area session (issue 38), made as a student makes it: a request, "Email me a sign-in link",
 * the link's token read from the outbox (no SMTP here), the link's button.
 */
async function studentSession(email: string): Promise<string> {
  const { rows } = await own.pool.query<{ id: string }>(
    `insert into courses (title, slug, language, is_published) values ('Matrix Student Course', 'matrix-student-course', 'en', true) returning id`,
  );
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${own.url}${path}`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", origin: own.url }, body: new URLSearchParams(form) });
  const enrolled = await post("/en/courses/matrix-student-course/enroll", {
    courseId: rows[0]!.id,
    studentName: "Matrix Learner",
    studentEmail: email,
    countryCode: "+20",
    phoneNumber: "010 1234 5678",
    message: "",
    website: "",
  });
  expect(enrolled.status).toBe(200);
  expect((await post("/en/my", { intent: "sign-in", email, website: "" })).status).toBe(303);
  const { rows: mail } = await own.pool.query<{ text_body: string }>("select text_body from email_outbox where kind = 'student-sign-in' and to_address = $1", [email]);
  const token = /\/en\/my\/verify\?token=([A-Za-z0-9]+)/.exec(mail[0]?.text_body ?? "")?.[1];
  expect(token).toBeDefined();
  const verified = await post("/en/my/verify", { token: token! });
  expect(verified.status).toBe(303);
  const cookie = verified.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  expect(cookie).toMatch(/^na-student\.session_token=/);
  // The session works where it belongs.
  expect(await (await fetch(`${own.url}/en/my`, { headers: { cookie } })).text()).toContain("Matrix Student Course");
  return cookie;
}

const methods = (r: AdminRoute) => (r.hasAction ? (["GET", "POST"] as const) : (["GET"] as const));

/** A route with a parameter (a proof's file) is asked for a well-formed id that names nothing. */
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
const concretePath = (route: AdminRoute) => route.path.replace(/:\w+/g, NO_SUCH_ID);
/** What a request that passed the gate answers: the page, or for a parameter naming nothing, 404. */
const passed = (route: AdminRoute) => (route.path.includes(":") ? 404 : 200);

function request(route: AdminRoute, method: "GET" | "POST", who?: keyof typeof cookies) {
  return fetch(`${own.url}${concretePath(route)}`, {
    method,
    redirect: "manual",
    headers: {
      ...(who ? { cookie: cookies[who]! } : {}),
      ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded", origin: own.url } : {}),
    },
    body: method === "POST" ? new URLSearchParams({ intent: "__matrix_probe__" }) : undefined,
  });
}

describe("authorization matrix", () => {
  it("covers every admin route of app/routes.ts, each in the one list", () => {
    expect(loaded.length).toBeGreaterThanOrEqual(4);
    const listed = ADMIN_PAGES.map((p) => `${p.path} ${p.file}`).sort();
    expect(routedAdminPaths.map((r) => `${r.path} ${r.file}`).sort()).toEqual(listed);
    for (const r of loaded) {
      // One place says what a page needs: a module declaring it again could drift from the list.
      expect(r.handle?.permission, `${r.file}: access is declared in app/lib/admin-pages.ts, not in handle`).toBeUndefined();
      expect(r.handle?.adminOnly, `${r.file}: access is declared in app/lib/admin-pages.ts, not in handle`).toBeUndefined();
    }
  });

  it("sends anonymous visitors to /login with a return path", async () => {
    for (const r of loaded) {
      for (const method of methods(r)) {
        const res = await request(r, method);
        expect(res.status, `${method} ${r.path}`).toBe(302);
        expect(res.headers.get("location"), `${method} ${r.path}`).toMatch(/^\/login\?from=/);
      }
    }
  });

  it("shows Access Denied (403) to a signed-in user of another role", async () => {
    for (const r of loaded) {
      for (const method of methods(r)) {
        const res = await request(r, method, "other");
        expect(res.status, `${method} ${r.path}`).toBe(403);
      }
    }
  });

  it("refuses a manager without the flag (403) and lets one with it through; admins get everything", async () => {
    for (const r of loaded) {
      if (r.allow === "passwordChange") continue; // the forced-change page redirects anyone who needs no change
      const needs = r.access === "staff" ? null : r.access;
      await grantManager([]);
      for (const method of methods(r)) {
        const res = await request(r, method, "manager");
        if (needs === null) expect(res.status, `${method} ${r.path} (any staff)`).toBeLessThan(500);
        else expect(res.status, `${method} ${r.path} without ${needs}`).toBe(403);
      }
      if (needs && needs !== "admin") {
        await grantManager([needs]);
        const res = await request(r, "GET", "manager");
        expect(res.status, `GET ${r.path} with ${needs}`).toBe(passed(r));
        if (r.hasAction) {
          const post = await request(r, "POST", "manager");
          expect(post.status, `POST ${r.path} with ${needs}`).not.toBe(403);
          expect(post.status, `POST ${r.path} with ${needs}`).toBeLessThan(500);
        }
      }
      const asAdmin = await request(r, "GET", "admin");
      expect(asAdmin.status, `GET ${r.path} as admin`).toBe(passed(r));
      if (r.hasAction) {
        const adminPost = await request(r, "POST", "admin");
        expect(adminPost.status, `POST ${r.path} as admin`).not.toBe(403);
        expect(adminPost.status, `POST ${r.path} as admin`).toBeLessThan(500);
      }
    }
  });

  // Issue 20: the run actions live inside existing pages, each with its own flag beyond the page's View.
  // A manager who may open the page but lacks the action's flag is refused (403) and nothing is written;
  // with the flag the request passes the gate (its answer is then about the input, never 403 or 5xx).
  it("guards the course-run actions by their own flags, beyond the page's View", async () => {
    const { rows: courseRows } = await own.pool.query<{ id: string }>(
      `insert into courses (title, slug, language, is_published) values ('Matrix runs', 'matrix-runs', 'en', true) returning id`,
    );
    const courseId = courseRows[0]!.id;
    const { rows: runRows } = await own.pool.query<{ id: string }>(
      `insert into course_runs (course_id, starts_at, capacity) values ($1, now() + interval '30 days', 1) returning id`,
      [courseId],
    );
    const runId = runRows[0]!.id;
    await own.pool.query(
      `insert into enrollments (enrollment_id, course_id, course_name, run_id, student_name, student_email, student_phone, status, created_at)
       values ('ENR-MATRIX-1', $1, 'Matrix runs', $2, 'Seat Holder', 'seat@matrix.test', '+201000000001', 'approved', now() - interval '2 minutes'),
              ('ENR-MATRIX-2', $1, 'Matrix runs', $2, 'Next In Line', 'next@matrix.test', '+201000000002', 'waiting', now() - interval '1 minute')`,
      [courseId, runId],
    );
    const state = async () =>
      JSON.stringify([
        (await own.pool.query(`select id, starts_at, status, capacity from course_runs order by id`)).rows,
        (await own.pool.query(`select enrollment_id, status from enrollments order by enrollment_id`)).rows,
        (await own.pool.query(`select count(*)::int as n from email_outbox`)).rows,
      ]);
    const post = (path: string, who: keyof typeof cookies, form: Record<string, string>) =>
      fetch(`${own.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: cookies[who]!, "content-type": "application/x-www-form-urlencoded", origin: own.url },
        body: new URLSearchParams(form),
      });
    const runForm = { courseId, startsAt: "2031-03-01T19:00", mode: "live_online", status: "open", capacity: "10" };
    const message = { runId, subject: "Room change", body: "We meet in room 2.", subjectAr: "", bodyAr: "" };
    const cases: { path: string; form: Record<string, string>; page: string[]; flag: string }[] = [
      { path: "/admin/courses", form: { intent: "createRun", ...runForm }, page: ["courses:view"], flag: "courses:edit" },
      { path: "/admin/courses", form: { intent: "updateRun", runId, ...runForm }, page: ["courses:view"], flag: "courses:edit" },
      { path: "/admin/courses", form: { intent: "setRunStatus", runId, status: "cancelled" }, page: ["courses:view"], flag: "courses:edit" },
      { path: "/admin/courses", form: { intent: "deleteRun", runId }, page: ["courses:view"], flag: "courses:edit" },
      { path: "/admin/courses", form: { intent: "previewRunMessage", ...message }, page: ["courses:view", "courses:edit"], flag: "enrollments:edit" },
      { path: "/admin/courses", form: { intent: "sendRunMessage", ...message }, page: ["courses:view", "courses:edit"], flag: "enrollments:edit" },
      { path: "/admin/enrollments", form: { intent: "approve", run: runId, override: "on" }, page: ["enrollments:view"], flag: "enrollments:edit" },
    ];
    for (const c of cases) {
      const name = `${c.form.intent} on ${c.path}`;
      await grantManager(c.page);
      const before = await state();
      const refused = await post(c.path, "manager", c.form);
      expect(refused.status, `${name} without ${c.flag}`).toBe(403);
      expect(await state(), `${name} without ${c.flag} wrote nothing`).toBe(before);
      expect((await post(c.path, "other", c.form)).status, `${name} as another role`).toBe(403);
    }
    // With the flag (and as admin) the same requests pass the gate. Read-only ones first, the removal last.
    for (const c of cases.filter((x) => x.form.intent !== "deleteRun")) {
      const name = `${c.form.intent} on ${c.path}`;
      await grantManager([...c.page, c.flag, ...(c.flag === "enrollments:edit" ? ["enrollments:view"] : [])]);
      const res = await post(c.path, "manager", c.form);
      expect(res.status, `${name} with ${c.flag}`).not.toBe(403);
      expect(res.status, `${name} with ${c.flag}`).toBeLessThan(500);
    }
    const removal = await post("/admin/courses", "admin", { intent: "deleteRun", runId });
    expect(removal.status).not.toBe(403);
    expect(removal.status).toBeLessThan(500);
  });

  it("opens the instructor dashboard to an instructor session only", async () => {
    const dashboard = (who?: keyof typeof cookies) =>
      fetch(`${own.url}/instructor-dashboard`, { redirect: "manual", headers: who ? { cookie: cookies[who]! } : {} });
    for (const who of [undefined, "admin", "manager", "other"] as const) {
      const res = await dashboard(who);
      expect(res.status, `GET /instructor-dashboard as ${who ?? "anonymous"}`).toBe(302);
      expect(res.headers.get("location"), `GET /instructor-dashboard as ${who ?? "anonymous"}`).toBe("/instructor-login");
    }
    const instructors = await dashboard("instructor");
    expect(instructors.status).toBe(200);
    expect(await instructors.text()).toContain("Matrix Instructor");
  });

  it("opens nothing but the security page to staff whose required second factor is not set up: pages, uploads, documents (issue 34 item 3)", async () => {
    // A course document, uploaded and stored before Settings require the second factor.
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(minimalPdf("Matrix"))], { type: "application/pdf" }), "matrix.pdf");
    const uploaded = await fetch(`${own.url}/admin/uploads/document`, {
      method: "POST",
      body: form,
      headers: { cookie: cookies.admin!, origin: own.url, accept: "application/json" },
    });
    expect(uploaded.status).toBe(200);
    const { key } = (await uploaded.json()) as { key: string };
    const { rows: course } = await own.pool.query<{ id: string }>(
      `insert into courses (title, slug, language, is_published) values ('Matrix Course', 'matrix-course', 'en', true) returning id`,
    );
    const { rows: doc } = await own.pool.query<{ id: string }>(
      `insert into course_documents (course_id, storage_key, file_name, size_bytes) values ($1, $2, 'matrix.pdf', 100) returning id`,
      [course[0]!.id, key],
    );
    const documentUrl = `/files/documents/${doc[0]!.id}`;
    expect((await fetch(`${own.url}${documentUrl}`, { headers: { cookie: cookies.admin! } })).status).toBe(200);

    await own.pool.query(
      `insert into site_settings (key, value) values ('two_factor', '{"required": true}'::jsonb)
       on conflict (key) do update set value = excluded.value`,
    );
    try {
      await grantManager(ALL_FLAGS);
      for (const who of ["admin", "manager"] as const) {
        for (const r of loaded) {
          for (const method of methods(r)) {
            const res = await request(r, method, who);
            const where = `${method} ${r.path} as ${who} without the required second factor`;
            // The security page opens (its POST answers the probe's unknown intent with a 400, never 403).
            if (r.path === "/admin/two-factor") expect([200, 400], where).toContain(res.status);
            else expect(res.status, where).not.toBeLessThan(300);
          }
        }
        const image = new FormData();
        image.set("file", new Blob([new Uint8Array(1)], { type: "image/png" }), "a.png");
        const uploads = [
          await fetch(`${own.url}/admin/uploads/image?kind=thumbnail`, { method: "POST", body: image, headers: { cookie: cookies[who]!, origin: own.url, accept: "application/json" } }),
          await fetch(`${own.url}/admin/uploads/document`, { method: "POST", body: form, headers: { cookie: cookies[who]!, origin: own.url, accept: "application/json" } }),
          await fetch(`${own.url}${documentUrl}`, { headers: { cookie: cookies[who]! } }),
        ];
        expect(uploads.map((res) => res.status), who).toEqual([403, 403, 403]);
      }
    } finally {
      await own.pool.query(`delete from site_settings where key = 'two_factor'`);
    }
  });

  it("gives an instructor session no /admin route, loader or action", async () => {
    for (const r of loaded) {
      for (const method of methods(r)) {
        const res = await request(r, method, "instructor");
        expect(res.status, `${method} ${r.path} as an instructor`).toBe(302);
        expect(res.headers.get("location"), `${method} ${r.path} as an instructor`).toMatch(/^\/login\?from=/);
      }
    }
  });

  it("gives a student session (issue 38) no /admin route, loader or action, and not the instructor dashboard", async () => {
    for (const r of loaded) {
      for (const method of methods(r)) {
        const res = await request(r, method, "student");
        expect(res.status, `${method} ${r.path} as a student`).toBe(302);
        expect(res.headers.get("location"), `${method} ${r.path} as a student`).toMatch(/^\/login\?from=/);
      }
    }
    const dashboard = await fetch(`${own.url}/instructor-dashboard`, { redirect: "manual", headers: { cookie: cookies.student! } });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toBe("/instructor-login");
  });
});
