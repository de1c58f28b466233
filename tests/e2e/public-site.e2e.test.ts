// The visitor's journey through the public site, in English and Arabic, on PostgreSQL with a real SMTP
// server: home → Courses mega-menu → a subcategory → a course → enroll (bad phone, then fixed) → toast.
import http from "node:http";
import zlib from "node:zlib";
import type { Page } from "playwright-core";
import { expectNoAxeViolations } from "./axe.ts";
import { describe, expect, ownApp, PLAYWRIGHT_TIMEOUT, test as it, type NewPage } from "./fixtures.ts";
import { screenshot, chooseOpenRun } from "./harness.ts";

const own = ownApp({
  name: "public-site",
  smtp: true,
  env: { SEED_DEMO: "true", RATE_LIMIT_ENROLLMENT: "50/600", RATE_LIMIT_CONTACT: "50/600" },
});

/** A visitor's page (Playwright's own viewport and timeout, as these journeys always had), its errors collected. */
async function visitorPage(newPage: NewPage, locale: "en" | "ar"): Promise<Page> {
  const page = await newPage({ baseURL: own.url, locale, viewport: "playwright", timeout: PLAYWRIGHT_TIMEOUT });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

const journeys = [
  {
    lang: "en",
    labels: {
      courses: "Courses",
      enroll: "Enroll Now",
      name: "Full name",
      email: "Email",
      phone: "Phone number",
      submit: "Submit enrollment",
      badPhone: "Please enter a valid Egyptian number",
      countryCode: "Country code",
      hintEgypt: "Egyptian mobile: 11 digits",
      hintOther: "7 to 15 digits",
      saudi: "Saudi Arabia (\u200E+966)",
      success: /Enrollment request sent successfully! Enrollment ID: (ENR-[A-Z0-9-]+)\. We'll contact you soon\./,
    },
  },
  {
    lang: "ar",
    labels: {
      courses: "الدورات",
      enroll: "سجّل الآن",
      name: "الاسم بالكامل",
      email: "البريد الإلكتروني",
      phone: "رقم الهاتف",
      submit: "إرسال طلب التسجيل",
      badPhone: "يُرجى إدخال رقم مصري صحيح",
      countryCode: "رمز الدولة",
      hintEgypt: "المحمول المصري 11 رقمًا",
      hintOther: "من 7 إلى 15 رقمًا",
      saudi: "السعودية (\u200E+966)",
      success: /(ENR-[A-Z0-9-]+)/,
    },
  },
] as const;

describe.each(journeys)("visitor journey ($lang)", ({ lang, labels }) => {
  it("goes from the home page through the mega-menu to a course and enrolls", async ({ newPage }) => {
    // The browser speaks the other language: the page's URL decides (D19 revised).
    const page = await visitorPage(newPage, lang === "ar" ? "en" : "ar");
    await page.goto(`/${lang}`);
    expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
    await page.waitForSelector("html[data-hydrated]");
    await expectNoAxeViolations(page);

    // Mega-menu: open Courses, hover a category with subcategories, pick its first subcategory.
    await page.getByRole("button", { name: labels.courses }).hover();
    const withSubs = page.locator("li.group\\/cat:has(ul)").first();
    await withSubs.hover();
    const sub = withSubs.locator("ul a").first();
    await expect.poll(() => sub.isVisible()).toBe(true);
    await sub.click();
    await page.waitForURL(/subcategory=/);
    await expectNoAxeViolations(page);
    await screenshot(page, `journey-${lang}-subcategory`);

    // A course card → the course page.
    const card = page.locator("article h3").first();
    const title = (await card.textContent())!.trim();
    await card.click();
    await page.waitForURL(/\/courses\/[a-z0-9-]+/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    await expectNoAxeViolations(page);

    // Enroll: a bad phone shows the SPEC message; fixing it sends the request.
    await page.getByRole("link", { name: labels.enroll }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(labels.name).fill(lang === "ar" ? "سارة أحمد" : "Sara Ahmed");
    await dialog.getByLabel(labels.email).fill(`sara-${lang}@example.com`);
    // The phone's hint follows the country: Egypt's own rules by default, the general one for another.
    const hint = () => dialog.getByLabel(labels.phone).evaluate((el) => document.getElementById(`${el.id}-hint`)?.textContent ?? "");
    expect(await hint()).toContain(labels.hintEgypt);
    await dialog.getByLabel(labels.countryCode).selectOption({ label: labels.saudi });
    await expect.poll(hint).toContain(labels.hintOther);
    await dialog.getByLabel(labels.countryCode).selectOption("+20");
    await expect.poll(hint).toContain(labels.hintEgypt);
    await dialog.getByLabel(labels.phone).fill("12 34");
    await chooseOpenRun(dialog);
    await dialog.getByRole("button", { name: labels.submit }).click();
    await expect.poll(() => dialog.getByText(labels.badPhone).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, `journey-${lang}-bad-phone`);
    await dialog.getByLabel(labels.phone).fill("100 123 4567");
    await expect.poll(() => dialog.getByText(labels.badPhone).count()).toBe(0);
    await dialog.getByRole("button", { name: labels.submit }).click();

    const toast = page.locator('[role="status"][aria-live="polite"] p');
    await expect.poll(() => toast.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const text = (await toast.first().textContent())!;
    const id = labels.success.exec(text)?.[1];
    expect(id, text).toMatch(/^ENR-[A-Z0-9]+-[A-Z0-9]+$/);
    await screenshot(page, `journey-${lang}-success`);
    // The confirmation stays until the visitor closes it (issue 13): the ID is an LTR token with a Copy button.
    await page.waitForTimeout(4_000);
    expect(await dialog.count()).toBe(1);
    expect(await dialog.locator('bdi[dir="ltr"]').filter({ hasText: id! }).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: lang === "ar" ? "نسخ رقم طلب التسجيل" : "Copy the enrollment ID" }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: lang === "ar" ? "إغلاق" : "Close", exact: true }).last().click();
    await expect.poll(() => dialog.count(), { timeout: 6_000 }).toBe(0);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);

    // The row exists as pending, in the visitor's language, with the phone in E.164 (D26).
    const rows = await own.pool.query(
      "select status, locale, student_phone, course_name from enrollments where enrollment_id = $1",
      [id],
    );
    expect(rows.rows).toEqual([{ status: "pending", locale: lang, student_phone: "+201001234567", course_name: title }]);

    // Both emails reach the SMTP server: the provider notification and the student's confirmation.
    await expect
      .poll(() => own.smtp.messages.filter((m) => m.subject.includes(id!)).length, { timeout: 15_000 })
      .toBe(2);
    const mails = own.smtp.messages.filter((m) => m.subject.includes(id!));
    const confirmation = mails.find((m) => m.to.includes(`sara-${lang}@example.com`));
    expect(confirmation).toBeDefined();
    if (lang === "ar") expect(confirmation!.subject).toMatch(/[\u0600-\u06FF]/);
    expect(confirmation!.text).toMatch(new RegExp(`/${lang}/courses/[a-z0-9-]+`));
    const notification = mails.find((m) => !m.to.includes(`sara-${lang}@example.com`))!;
    expect(notification.headers["reply-to"]).toContain(`sara-${lang}@example.com`);
    // The provider inbox is no staff account here: the notification is in the student's language.
    if (lang === "ar") expect(notification.subject).toMatch(/[\u0600-\u06FF]/);
    expect(notification.text).toContain(`/admin/enrollments?lang=${lang}`);
    await page.context().close();
  });
});

describe("contact form (ar)", () => {
  it("stores the message, queues the email with reply-to the visitor, and confirms it on the page", async ({ newPage }) => {
    // An English browser on the Arabic page: the message is Arabic all the same (it used to post to /contact).
    const page = await visitorPage(newPage, "en");
    await page.goto("/ar/contact");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "إرسال الرسالة" }).click();
    await expect.poll(() => page.getByText("الاسم مطلوب").count()).toBe(1);
    await page.getByLabel("الاسم").fill("منى حسن");
    await page.getByLabel("البريد الإلكتروني").fill("mona@example.com");
    await page.getByLabel("الرسالة").fill("هل تتوفر دورة إنجليزية مسائية؟");
    await page.getByRole("button", { name: "إرسال الرسالة" }).click();
    await expect.poll(() => page.getByText("تم إرسال رسالتك بنجاح! سنرد عليك قريبًا.").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The confirmation takes the form's place (issue 36 item 5).
    expect(await page.locator("main form").count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "contact-ar-success");

    const rows = await own.pool.query("select name, locale from contact_messages where email = 'mona@example.com'");
    expect(rows.rows).toEqual([{ name: "منى حسن", locale: "ar" }]);
    await expect.poll(() => own.smtp.messages.filter((m) => m.headers["reply-to"]?.includes("mona@example.com")).length, { timeout: 15_000 }).toBe(1);
    const mail = own.smtp.messages.find((m) => m.headers["reply-to"]?.includes("mona@example.com"))!;
    expect(mail.text).toContain("هل تتوفر دورة إنجليزية مسائية؟");
    expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
    expect(mail.text).toContain("/admin/messages?lang=ar");
    await page.context().close();
  });
});

describe("pages as a crawler sees them", () => {
  it("serves a course page without JavaScript with og tags, hreflang alternates and a Course JSON-LD", async () => {
    const list = await (await fetch(`${own.url}/en/courses`)).text();
    const slug = /href="\/(?:en|ar)\/courses\/([a-z0-9-]+)"/.exec(list)?.[1];
    expect(slug).toBeTruthy();
    const res = await fetch(`${own.url}/ar/courses/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    const html = await res.text();
    for (const tag of ["og:title", "og:description", "og:url", "og:image", "og:locale", "og:locale:alternate"]) {
      expect(html).toContain(`property="${tag}"`);
    }
    expect(html).toContain('content="ar_EG"');
    const image = /property="og:image" content="([^"]+)"/.exec(html)?.[1];
    // The 1200×630 JPEG made from the thumbnail (issue 19 point 6; tests/e2e/site-details.e2e.test.ts).
    expect(image).toMatch(/^http:\/\/.+\/og\/courses\/[a-z0-9-]+\.jpg\?v=[0-9a-z]+$/);
    for (const lang of ["en", "ar", "x-default"]) expect(html).toMatch(new RegExp(`hrefLang="${lang}"`));
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) =>
      JSON.parse(m[1]!),
    );
    const course = jsonLd.find((d) => d["@type"] === "Course");
    expect(course).toMatchObject({
      "@context": "https://schema.org",
      name: expect.any(String),
      description: expect.any(String),
      provider: { "@type": "Organization", name: expect.any(String) },
      offers: { "@type": "Offer", category: expect.stringMatching(/^(Free|Paid)$/) },
    });
    // Issue 20: a course with upcoming runs lists each as a dated instance; one without runs keeps one undated.
    const instances = [course.hasCourseInstance].flat();
    expect(instances.length).toBeGreaterThan(0);
    for (const instance of instances) {
      expect(instance).toMatchObject({ "@type": "CourseInstance", courseMode: expect.stringMatching(/^(Online|Onsite|Blended)$/) });
    }
  });

  it("stores nothing for a honeypot enrollment while the bot sees a success", async () => {
    const list = await (await fetch(`${own.url}/en/courses`)).text();
    const slug = /href="\/(?:en|ar)\/courses\/([a-z0-9-]+)"/.exec(list)?.[1];
    const res = await fetch(`${own.url}/en/courses/${slug}/enroll`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        studentName: "Spam Bot",
        studentEmail: "bot@spam.example",
        countryCode: "+20",
        phoneNumber: "1001234567",
        courseId: "00000000-0000-0000-0000-000000000000",
        website: "http://spam.example",
      }),
    });
    expect(res.status).toBe(200);
    // The ID is an LTR token (<bdi dir="ltr">): compared on the page's text.
    expect((await res.text()).replace(/<[^>]+>/g, "")).toMatch(/Enrollment ID: ENR-/);
    const rows = await own.pool.query("select count(*)::int as n from enrollments where student_email = 'bot@spam.example'");
    const outbox = await own.pool.query("select count(*)::int as n from email_outbox where to_address = 'bot@spam.example'");
    expect(rows.rows[0].n).toBe(0);
    expect(outbox.rows[0].n).toBe(0);
  });

  it("serves the English and Arabic catalogues with only their language's courses", async () => {
    for (const [path, lang, heading] of [
      ["/english-courses", "en", "English Courses"],
      ["/arabic-courses", "ar", "Arabic Courses"],
    ] as const) {
      const html = await (await fetch(`${own.url}/en${path}`)).text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      const langs = [...html.matchAll(/<article[^>]*lang="(en|ar)"/g)].map((m) => m[1]);
      expect(langs.length).toBeGreaterThan(0);
      expect(new Set(langs)).toEqual(new Set([lang]));
      expect(html).toContain(`rel="canonical" href="${own.url.replace("127.0.0.1", "localhost")}/en${path}"`);
      expect(html).toContain(`rel="alternate" hrefLang="x-default" href="${own.url.replace("127.0.0.1", "localhost")}${path}"`);
    }
  });

  it("compresses a streamed page about as well as the same HTML in one go (no compressor flush per React chunk)", async () => {
    // URLs the page cache never keeps (searches, a path that is no public page): rendered and streamed.
    // (Cacheable URLs are rendered in full and stored compressed once: tests/e2e/cached-csp.e2e.test.ts.)
    for (const path of ["/en/courses?q=course", "/ar/about?q=x", "/en/no-such-page"]) {
      for (const encoding of ["gzip", "br"] as const) {
        const { body, contentEncoding } = await rawGet(`${own.url}${path}`, encoding);
        expect(contentEncoding, path).toBe(encoding);
        const html = encoding === "gzip" ? zlib.gunzipSync(body) : zlib.brotliDecompressSync(body);
        expect(html.toString("utf8"), path).toContain("</html>");
        // The server's settings (the compression middleware's defaults): gzip level 6, brotli quality 4.
        const oneShot =
          encoding === "gzip"
            ? zlib.gzipSync(html, { level: 6 })
            : zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
        expect(body.length, `${encoding} ${path}: ${body.length} bytes vs ${oneShot.length} in one go`).toBeLessThanOrEqual(
          Math.ceil(oneShot.length * 1.1),
        );
      }
    }
  });

  it("answers 404 for an unknown course and for a draft", async () => {
    expect((await fetch(`${own.url}/en/courses/no-such-course`)).status).toBe(404);
    const draft = await own.pool.query("select slug from courses where not is_published limit 1");
    expect((await fetch(`${own.url}/ar/courses/${draft.rows[0].slug}`)).status).toBe(404);
  });

  it("lists every public page and published course in both languages in the sitemap", async () => {
    const res = await fetch(`${own.url}/sitemap.xml`);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    // 7 static pages + every category and subcategory with a published course (issue 36 item 9) + 12
    // published courses, each in en and ar.
    const published = (table: string, column: string) =>
      `select count(distinct t.slug)::int as n from ${table} t join courses c on c.${column} = t.id and c.is_published`;
    const [{ rows: cats }, { rows: subs }] = await Promise.all([
      own.pool.query<{ n: number }>(published("categories", "category_id")),
      own.pool.query<{ n: number }>(published("subcategories", "subcategory_id")),
    ]);
    const catalogues = cats[0]!.n + subs[0]!.n;
    expect(catalogues).toBeGreaterThan(0);
    expect(locs).toHaveLength((7 + catalogues + 12) * 2);
    expect(locs.filter((l) => /\/courses\?(sub)?category=[a-z0-9-]+$/.test(l))).toHaveLength(catalogues * 2);
    expect(locs.filter((l) => l.includes("/courses/")).length).toBe(24);
    // Every address is a language URL, the same ones the pages declare canonical (ADR 010).
    expect(locs.every((l) => /^https?:\/\/[^/]+\/(en|ar)(\/|$)/.test(l))).toBe(true);
    expect(locs.filter((l) => /\/ar(\/|$)/.test(l))).toHaveLength(7 + catalogues + 12);
    expect(xml).toContain('hreflang="x-default"');
    const robots = await (await fetch(`${own.url}/robots.txt`)).text();
    expect(robots).toMatch(/Disallow: \/admin/);
    expect(robots).toMatch(/Disallow: \/login/);
    expect(robots).toMatch(/Sitemap: http.+\/sitemap\.xml/);
  });

  it("sends language URLs as cacheable by URL alone, and redirects URLs without a language", async () => {
    const lang = await fetch(`${own.url}/ar/courses`);
    expect(lang.headers.get("cache-control")).toMatch(/public.*s-maxage/);
    expect(lang.headers.get("vary") ?? "").not.toMatch(/cookie|accept-language/i);
    const negotiated = await fetch(`${own.url}/courses?page=1`, { headers: { "accept-language": "ar" }, redirect: "manual" });
    expect(negotiated.status).toBe(302);
    expect(negotiated.headers.get("location")).toBe("/ar/courses?page=1");
    expect(negotiated.headers.get("vary")).toMatch(/Cookie, Accept-Language/);
    const old = await fetch(`${own.url}/courses?lang=ar&category=languages`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/ar/courses?category=languages");
  });

  it("works without JavaScript: search narrows on the server and the enrollment form posts", async ({ newPage }) => {
    // Chromium's own locale, Playwright's own viewport and timeout, as this check always had.
    const page = await newPage({ baseURL: own.url, locale: null, viewport: "playwright", js: false, timeout: PLAYWRIGHT_TIMEOUT });
    await page.goto("/en/courses");
    const total = await page.locator("article").count();
    await page.getByRole("searchbox").fill("figma");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=figma/);
    const found = await page.locator("article").count();
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(total);
    expect(await page.getByText(/\(filtered\)/).count()).toBe(1);
    await page.locator("article h3").first().click();
    await page.getByRole("link", { name: "Enroll Now" }).first().click();
    await page.waitForURL(/\/enroll/);
    await page.getByLabel("Full name").fill("No Script");
    await page.getByLabel("Email").fill("noscript@example.com");
    await page.getByLabel("Phone number").fill("1001234567");
    await chooseOpenRun(page);
    await page.getByRole("button", { name: "Submit enrollment" }).click();
    await expect.poll(() => page.getByText(/Enrollment ID: ENR-/).count()).toBe(1);
  });
});

/** A GET whose body comes back as sent on the wire (fetch would decompress it). */
function rawGet(url: string, encoding: "gzip" | "br"): Promise<{ body: Buffer; contentEncoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ body: Buffer.concat(chunks), contentEncoding: res.headers["content-encoding"] }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}
