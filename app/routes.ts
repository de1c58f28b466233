import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/site/home.tsx"),
  route("about", "routes/site/about.tsx"),
  route("services", "routes/site/services.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("courses", "routes/site/courses.tsx"),
  route("english-courses", "routes/site/english-courses.tsx"),
  route("arabic-courses", "routes/site/arabic-courses.tsx"),
  route("courses/:slug", "routes/site/course.tsx"),
  route("courses/:slug/enroll", "routes/site/enroll.tsx"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("api/language", "routes/api/language.ts"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
