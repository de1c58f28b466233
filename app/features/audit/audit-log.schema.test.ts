import { describe, expect, it } from "vitest";
import { AUDIT_PAGE_SIZE, parseAuditFilter } from "./audit-log.schema.ts";

const parse = (query: string) => parseAuditFilter(new URLSearchParams(query));

describe("audit log filters", () => {
  it("reads user, entity and page", () => {
    expect(parse("user=%20Admin@%20&entity=user&page=3")).toEqual({ user: "Admin@", entity: "user", page: 3 });
  });

  it("falls back to no filter and page 1 on missing or bad values", () => {
    expect(parse("")).toEqual({ user: undefined, entity: undefined, page: 1 });
    expect(parse("user=&entity=%20%20&page=")).toEqual({ user: undefined, entity: undefined, page: 1 });
    for (const page of ["0", "-2", "1.5", "abc", "1e9", "Infinity"]) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse(`user=${"a".repeat(300)}`).user).toBeUndefined();
  });

  it("lists 50 entries per page", () => {
    expect(AUDIT_PAGE_SIZE).toBe(50);
  });
});
