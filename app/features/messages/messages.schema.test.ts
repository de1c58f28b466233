import { describe, expect, it } from "vitest";
import { messageIntentSchema, messagesHref, MESSAGES_PAGE_SIZE, parseMessagesQuery } from "./messages.schema.ts";

const parse = (query: string) => parseMessagesQuery(new URLSearchParams(query));
const ID = "7af2c48e-deab-4ea1-b7f5-bae99e1c89ef";

describe("messages query", () => {
  it("reads the filter, the page and the open message", () => {
    expect(parse(`filter=unread&page=3&dialog=view&message=${ID}`)).toEqual({ filter: "unread", page: 3, message: ID });
  });

  it("falls back to all, page 1 and no message on missing or bad values", () => {
    expect(parse("")).toEqual({ filter: "all", page: 1, message: undefined });
    for (const page of ["0", "-2", "1.5", "abc", "1e9", "Infinity"]) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse("filter=read").filter).toBe("all");
    expect(parse("dialog=view&message=not-a-uuid").message).toBeUndefined();
    // The message counts only with the details view asked for.
    expect(parse(`message=${ID}`).message).toBeUndefined();
  });

  it("builds the URL back, leaving defaults out", () => {
    expect(messagesHref({ filter: "all", page: 1 })).toBe("/admin/messages");
    expect(messagesHref({ filter: "unread", page: 2, message: ID })).toBe(`/admin/messages?filter=unread&page=2&dialog=view&message=${ID}`);
    expect(parse(messagesHref({ filter: "unread", page: 2, message: ID }).split("?")[1]!)).toEqual({ filter: "unread", page: 2, message: ID });
  });

  it("shows 20 messages per page", () => {
    expect(MESSAGES_PAGE_SIZE).toBe(20);
  });
});

describe("message intents", () => {
  it("accepts mark as read / unread of a message id, with the no-JavaScript open flag", () => {
    expect(messageIntentSchema.parse({ intent: "markRead", messageId: ID, open: "1" })).toEqual({ intent: "markRead", messageId: ID, open: "1" });
    expect(messageIntentSchema.parse({ intent: "markUnread", messageId: ID })).toEqual({ intent: "markUnread", messageId: ID });
  });

  it("refuses anything else with the invalid-request message", () => {
    for (const input of [{}, { intent: "delete", messageId: ID }, { intent: "markRead" }, { intent: "markRead", messageId: "1 or 1=1" }]) {
      const result = messageIntentSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe("adminMessages.errors.invalidRequest");
    }
  });
});
