import fc from "fast-check";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/forms.json";
import ar from "~/locales/ar/forms.json";
import { contactSchema, isHoneypotFilled } from "./contact.schema.ts";

function lookup(bundle: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), bundle);
}

function expectTranslated(key: string): void {
  for (const [lng, bundle] of [["en", en], ["ar", ar]] as const) {
    const value = lookup(bundle, key);
    expect(typeof value, `${lng}: ${key}`).toBe("string");
    expect((value as string).trim(), `${lng}: ${key}`).not.toBe("");
  }
}

const valid = { name: "Omar Hassan", email: "omar@example.com", message: "Do you offer weekend classes?", website: "" };

function expectError(patch: Record<string, unknown>, field: string, key: string, english?: string): void {
  const input: Record<string, unknown> = { ...valid, ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete input[k];
  const result = contactSchema.safeParse(input);
  expect(result.success).toBe(false);
  expect(result.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message)).toEqual([key]);
  expectTranslated(key);
  if (english) expect(lookup(en, key)).toBe(english);
}

function expectValid(patch: Record<string, unknown>) {
  const result = contactSchema.safeParse({ ...valid, ...patch });
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  return result.data!;
}

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
    for (const [key, english] of Object.entries(texts)) {
      expect(lookup(en, key), key).toBe(english);
      expectTranslated(key);
    }
  });
});
