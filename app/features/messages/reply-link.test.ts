import { describe, expect, it } from "vitest";
import { replyMailto } from "./reply-link.ts";

/** What a mail client reads back from the link. */
function parse(href: string) {
  const url = new URL(href);
  expect(url.protocol).toBe("mailto:");
  const params = new Map(
    url.search
      .slice(1)
      .split("&")
      .map((pair) => {
        const [k, v = ""] = pair.split("=");
        return [k!, decodeURIComponent(v)] as const;
      }),
  );
  return { to: decodeURIComponent(url.pathname), subject: params.get("subject"), body: params.get("body") };
}

describe("replyMailto", () => {
  it("prefills the address, a 'Re:' subject and the greeting", () => {
    const href = replyMailto("sara@example.com", { subject: "Re: Your message to Nile Academy", body: "Dear Sara,\n\n" });
    expect(href.startsWith("mailto:sara@example.com?subject=Re%3A%20Your%20message%20to%20Nile%20Academy&body=")).toBe(true);
    expect(parse(href)).toEqual({ to: "sara@example.com", subject: "Re: Your message to Nile Academy", body: "Dear Sara,\r\n\r\n" });
  });

  it("encodes characters that would break the link: spaces, &, ?, #, +, = and Arabic", () => {
    const subject = "Re: رسالتك إلى أكاديمية النيل & more? #1 +2 =3";
    const href = replyMailto("o'neil+tag@example.com", { subject, body: "عزيزتي منى،" });
    expect(href).not.toMatch(/[\s#]/);
    expect(href.split("?")).toHaveLength(2);
    expect(href.split("&")).toHaveLength(2);
    expect(href).not.toContain("+2");
    expect(parse(href)).toEqual({ to: "o'neil+tag@example.com", subject, body: "عزيزتي منى،" });
  });

  it("leaves the body out when there is none", () => {
    expect(replyMailto(" a@b.co ", { subject: "Re: x" })).toBe("mailto:a@b.co?subject=Re%3A%20x");
  });
});
