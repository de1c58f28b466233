import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectWording, schemaChecks } from "../../../tests/setup/schema-checks.ts";
import { contactSchema, isHoneypotFilled } from "./contact.schema.ts";

const valid = { name: "Omar Hassan", email: "omar@example.com", message: "Do you offer weekend classes?", website: "" };
const { expectError, expectValid } = schemaChecks(contactSchema, valid);

describe("contactSchema (SPEC §5)", () => {
  it("accepts a message and trims it", () => {
    expect(expectValid({ name: " Omar Hassan ", email: " omar@example.com", message: "  Hello\nthere  " })).toEqual({
      name: "Omar Hassan",
      email: "omar@example.com",
      message: "Hello\nthere",
      website: "",
    });
  });

  it.each([[undefined], [""], ["  "]])("name is required (%j)", (value) => {
    expectError({ name: value }, "name", "contact.errors.nameRequired", "Name is required");
  });
  it("name is at most 100 characters", () => {
    expectValid({ name: "n".repeat(100) });
    expectError({ name: "n".repeat(101) }, "name", "contact.errors.nameTooLong");
  });

  it.each([[undefined], [""], [" "]])("email is required (%j)", (value) => {
    expectError({ email: value }, "email", "contact.errors.emailRequired", "Email is required");
  });
  it.each([["omar"], ["omar@example"], ["omar@.com"], ["omar @example.com"], ["a,b@c.de"]])("email %j must be valid", (value) => {
    expectError({ email: value }, "email", "contact.errors.emailInvalid", "Please enter a valid email address");
  });
  it("email is at most 254 characters", () => {
    const at254 = `${"a".repeat(242)}@example.com`;
    expectValid({ email: at254 });
    expectError({ email: `a${at254}` }, "email", "contact.errors.emailTooLong");
  });

  it.each([[undefined], [""], ["\n\n  "]])("message is required (%j)", (value) => {
    expectError({ message: value }, "message", "contact.errors.messageRequired", "Message is required");
  });
  it("message is at most 2000 characters", () => {
    expectValid({ message: "m".repeat(2000) });
    expectError({ message: "m".repeat(2001) }, "message", "contact.errors.messageTooLong");
  });

  it("accepts any honeypot value; isHoneypotFilled tells the action", () => {
    expect(expectValid({ website: "x" }).website).toBe("x");
    expect(isHoneypotFilled({ website: "x" })).toBe(true);
    expect(isHoneypotFilled({ website: "" })).toBe(false);
  });

  it("reports one error per field", () => {
    const result = contactSchema.safeParse({});
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "contact.errors.nameRequired"],
      ["email", "contact.errors.emailRequired"],
      ["message", "contact.errors.messageRequired"],
    ]);
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("name", "email", "message", "website"), fc.anything()), (input) => {
        expect(() => contactSchema.safeParse(input)).not.toThrow();
      }),
    );
  });

  it("has SPEC's contact messages and labels in both languages", () => {
    const texts: Record<string, string> = {
      "contact.success": "Message sent successfully! We'll get back to you soon.",
      "contact.error": "Sorry, there was an error sending your message. Please try again.",
      "contact.sending": "Sending...",
      "contact.submit": "Send Message",
      "contact.fields.name.label": "Name",
      "contact.fields.email.label": "Email",
      "contact.fields.message.label": "Message",
      "contact.errors.tooManyRequests": "Too many requests. Please wait a few minutes and try again.",
      "contact.email.subject": "New contact message from {{name}}",
    };
    expectWording(texts);
  });
});
