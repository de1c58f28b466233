import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/site/home.tsx"),
  route("about", "routes/site/about.tsx"),
  route("services", "routes/site/services.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("courses", "routes/site/courses.tsx"),
  // One module for the three catalogues; the path decides the language filter.
  route("english-courses", "routes/site/courses.tsx", { id: "english-courses" }),
  route("arabic-courses", "routes/site/courses.tsx", { id: "arabic-courses" }),
  route("courses/:slug", "routes/site/course.tsx"),
  route("courses/:slug/enroll", "routes/site/enroll.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("logout", "routes/auth/logout.ts"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("change-password", "routes/admin/change-password.tsx"),
      route("courses", "routes/admin/courses.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("instructors", "routes/admin/instructors.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("roles", "routes/admin/roles.tsx"),
      route("audit", "routes/admin/audit.tsx"),
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
