import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/site/home.tsx"),
  route("api/language", "routes/api/language.ts"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
