export * from "./auth.ts";
export * from "./catalog.ts";
