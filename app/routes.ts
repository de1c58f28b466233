import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { ADMIN_PAGES, type AdminPage } from "./lib/admin-pages.ts";

/** A page inside the admin layout: "/admin" is its index, the others are paths below it. */
function adminRoute(page: AdminPage) {
  return page.path === "/admin" ? index(page.file) : route(page.path.slice("/admin/".length), page.file);
}

export default [
  // Public pages: one URL per language, `/en/…` and `/ar/…` (D19 revised, ADR 010). A URL without a
  // language (or with an old `?lang=`) is redirected by the root middleware (app/middleware/locale.server.ts).
  route(":lang", "routes/site/home.tsx"),
  ...prefix(":lang", [
    route("about", "routes/site/about.tsx"),
    route("services", "routes/site/services.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("courses", "routes/site/courses.tsx"),
    // One module for the three catalogues; the path decides the language filter.
    route("english-courses", "routes/site/courses.tsx", { id: "english-courses" }),
    route("arabic-courses", "routes/site/courses.tsx", { id: "arabic-courses" }),
    route("courses/:slug", "routes/site/course.tsx"),
    route("courses/:slug/enroll", "routes/site/enroll.tsx"),
    // A request's link sent again to its email (issue 37 item 3), for a student who lost it.
    route("enrollment", "routes/site/enrollment-find.tsx"),
    // The student's own page of one enrollment, by its signed link (issue 37 item 3).
    route("enrollment/:reference", "routes/site/enrollment.tsx"),
    // A payment's receipt, printable, by the same link's token (issue 37 item 6).
    route("enrollment/:reference/receipt/:number", "routes/site/receipt.tsx"),
    // "Pay online": a post that sends the student to Paymob's checkout (issue 37 item 5).
    route("enrollment/:reference/pay", "routes/site/enrollment-pay.ts"),
    // "Withdraw my request" from that page (issue 38 item 2).
    route("enrollment/:reference/withdraw", "routes/site/enrollment-withdraw.ts"),
    // A confirmed seat's sessions as a calendar file, by the same link's token (issue 38 item 3).
    route("enrollment/:reference/calendar.ics", "routes/site/enrollment-calendar.ts"),
    // The student area: sign in by emailed link, then every request of that email (issue 38).
    route("my", "routes/site/my.tsx"),
    route("my/verify", "routes/site/my-verify.tsx"),
    route("my/profile", "routes/site/my-profile.tsx"),
    route("my/data.json", "routes/site/my-data.ts", { id: "my-data-json" }),
    route("my/data.csv", "routes/site/my-data.ts", { id: "my-data-csv" }),
    // A page that does not exist, in the language of its URL.
    route("*", "routes/site/not-found.tsx", { id: "localized-not-found" }),
  ]),
  route("login", "routes/auth/login.tsx"),
  route("login/two-factor", "routes/auth/login-two-factor.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("instructor-login", "routes/instructor/login.tsx"),
  route("instructor-dashboard", "routes/instructor/dashboard.tsx"),
  route("instructor-logout", "routes/instructor/logout.ts"),
  // The admin area from the one list of admin pages (app/lib/admin-pages.ts), which also feeds the side
  // navigation and the authorization matrix test. Uploads (staff only, access-checked inside) sit outside
  // the layout.
  ...prefix("admin", [layout("routes/admin/layout.tsx", ADMIN_PAGES.filter((p) => !p.outsideLayout).map(adminRoute))]),
  ...ADMIN_PAGES.filter((p) => p.outsideLayout).map((p) => route(p.path.slice(1), p.file)),
  // Files: public images by key, private documents checked.
  route("files/documents/:id", "routes/api/document-file.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  // A course's sharing image (og:image), generated once from its thumbnail.
  route("og/courses/:file", "routes/api/og-image.ts"),
  // The site's sharing image per language, for public pages without one of their own.
  route("og/site/:file", "routes/api/og-site-image.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("api/language", "routes/api/language.ts"),
  // Paymob's signed transaction callback (issue 37 item 5): the only thing that settles an online payment.
  route("api/paymob/callback", "routes/api/paymob-callback.ts"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
