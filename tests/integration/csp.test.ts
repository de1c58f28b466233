// The Content-Security-Policy the server sends: uploaded images on a CDN/bucket origin are allowed, nothing else.
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../server.ts";

function directive(csp: string, name: string): string {
  return csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
}

describe("contentSecurityPolicy", () => {
  it("allows images from this site only by default", () => {
    const csp = contentSecurityPolicy("abc", false);
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: blob:");
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("adds the public image origin (S3_PUBLIC_URL) to img-src and nowhere else", () => {
    const csp = contentSecurityPolicy("abc", false, "https://cdn.example.com");
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: blob: https://cdn.example.com");
    expect(directive(csp, "script-src")).not.toContain("cdn.example.com");
    expect(directive(csp, "connect-src")).not.toContain("cdn.example.com");
  });

  it("allows a cached page's own inline scripts by hash: no nonce, no 'unsafe-inline' (ADR 017)", () => {
    const csp = contentSecurityPolicy({ hashes: ["'sha256-AAAA'", "'sha256-BBBB'"] }, false);
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'sha256-AAAA' 'sha256-BBBB'");
    expect(directive(contentSecurityPolicy({ hashes: [] }, false), "script-src")).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
