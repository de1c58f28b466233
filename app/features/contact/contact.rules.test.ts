// The browser's contact checks (validateContact, no zod) must say exactly what the server's zod schema
// says, for any input (through FormData both ways, as in the browser).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formDataOf, serverErrors, textArbitraries } from "../../../tests/setup/schema-checks.ts";
import { readFormValues } from "~/lib/form-validation.ts";
import { CONTACT_ERRORS, CONTACT_LIMITS, validateContact } from "./contact.rules.ts";
import { contactSchema } from "./contact.schema.ts";

const { aroundLimit, anyText, emailLike } = textArbitraries(["", " ", "  ", "\t", "\n", "\u3000"]);
const emailish = emailLike(CONTACT_LIMITS.email);

describe("validateContact agrees with contactSchema", () => {
  it("for any form the browser can send", () => {
    fc.assert(
      fc.property(
        fc.record({
          name: fc.oneof(anyText, aroundLimit(CONTACT_LIMITS.name), aroundLimit(CONTACT_LIMITS.name, "م")),
          email: fc.oneof(anyText, emailish),
          message: fc.oneof(anyText, aroundLimit(CONTACT_LIMITS.message)),
          website: anyText,
        }),
        (values) => {
          const data = formDataOf(values);
          expect(validateContact(readFormValues(data))).toEqual(serverErrors(contactSchema, data));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("on the cases people meet", () => {
    expect(validateContact({})).toEqual({
      name: [CONTACT_ERRORS.nameRequired],
      email: [CONTACT_ERRORS.emailRequired],
      message: [CONTACT_ERRORS.messageRequired],
    });
    expect(validateContact({ name: "منى", email: "mona@example", message: "Hi" })).toEqual({ email: [CONTACT_ERRORS.emailInvalid] });
    expect(validateContact({ name: " Mona ", email: " mona@example.com ", message: " Hi " })).toEqual({});
    for (const values of [{}, { name: "منى", email: "mona@example", message: "Hi" }, { name: "x".repeat(101), email: "a@b.co", message: "m" }]) {
      const data = formDataOf(values);
      expect(validateContact(readFormValues(data))).toEqual(serverErrors(contactSchema, data));
    }
  });
});

describe("the contact name (issue 34 item 6)", () => {
  it("is one line of letters: a second line with a link is refused with the contact form's own key, by both", () => {
    const name = "Ali\nClick http://evil.example/pay";
    const parsed = contactSchema.safeParse({ name, email: "a@b.co", message: "hello" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([CONTACT_ERRORS.nameInvalid]);
    expect(validateContact({ name, email: "a@b.co", message: "hello" })).toEqual({ name: [CONTACT_ERRORS.nameInvalid] });
  });
});
