export * from "./auth.ts";
export * from "./catalog.ts";
export * from "./content-version.ts";
export * from "./payments.ts";
export * from "./students.ts";
