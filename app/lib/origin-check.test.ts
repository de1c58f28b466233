import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./origin-check.ts";

const OURS = ["https://academy.example", "http://127.0.0.1:3000"];

describe("isCrossSiteRequest", () => {
  it("trusts Origin first", () => {
    expect(isCrossSiteRequest({ origin: "https://academy.example" }, OURS)).toBe(false);
    expect(isCrossSiteRequest({ origin: "https://evil.example" }, OURS)).toBe(true);
    expect(isCrossSiteRequest({ origin: "null" }, OURS)).toBe(true);
    // A foreign Origin is refused even if the other headers claim the site itself.
    expect(isCrossSiteRequest({ origin: "https://evil.example", secFetchSite: "same-origin", referer: "https://academy.example/" }, OURS)).toBe(true);
  });

  it("without Origin, refuses what Sec-Fetch-Site calls cross-site", () => {
    expect(isCrossSiteRequest({ secFetchSite: "cross-site" }, OURS)).toBe(true);
    expect(isCrossSiteRequest({ secFetchSite: " Cross-Site " }, OURS)).toBe(true);
    expect(isCrossSiteRequest({ secFetchSite: "same-origin" }, OURS)).toBe(false);
    expect(isCrossSiteRequest({ secFetchSite: "none" }, OURS)).toBe(false);
  });

  it("without Origin, refuses a foreign or unreadable Referer", () => {
    expect(isCrossSiteRequest({ referer: "https://evil.example/page" }, OURS)).toBe(true);
    expect(isCrossSiteRequest({ referer: "https://academy.example.evil.example/" }, OURS)).toBe(true);
    expect(isCrossSiteRequest({ referer: "not a url" }, OURS)).toBe(true);
    expect(isCrossSiteRequest({ referer: "https://academy.example/ar/contact" }, OURS)).toBe(false);
  });

  it("lets a request with none of these headers through (not a browser; cookies are SameSite=Lax)", () => {
    expect(isCrossSiteRequest({}, OURS)).toBe(false);
  });
});
