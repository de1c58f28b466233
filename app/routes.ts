import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

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
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("change-password", "routes/admin/change-password.tsx"),
      route("two-factor", "routes/admin/two-factor.tsx"),
      route("courses", "routes/admin/courses.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("instructors", "routes/admin/instructors.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("roles", "routes/admin/roles.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("enrollments", "routes/admin/enrollments.tsx"),
      route("enrollments/export.csv", "routes/admin/enrollments-export.ts"),
      route("messages", "routes/admin/messages.tsx"),
      route("emails", "routes/admin/emails.tsx"),
    ]),
  ]),
  // Uploads (staff only, access-checked inside) and files: public images by key, private documents checked.
  route("admin/uploads/image", "routes/api/upload-image.ts"),
  route("admin/uploads/document", "routes/api/upload-document.ts"),
  route("files/documents/:id", "routes/api/document-file.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("api/language", "routes/api/language.ts"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
