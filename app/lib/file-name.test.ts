import { describe, expect, it } from "vitest";
import { cleanFileName, documentFileName } from "./file-name.ts";

describe("file names", () => {
  it("drops paths, control and bidi characters", () => {
    expect(cleanFileName("C:\\Users\\me\\a\u0007b\u0000.pdf", "document.pdf")).toBe("ab.pdf");
    expect(cleanFileName("../../etc/passwd", "x")).toBe("passwd");
    expect(cleanFileName("evil\u202Efdp.exe", "x")).toBe("evilfdp.exe");
    expect(cleanFileName("  ..  ", "document.pdf")).toBe("document.pdf");
  });

  it("gives course documents a .pdf name whatever was typed", () => {
    expect(documentFileName("Week 1 – Intro.pdf")).toBe("Week 1 – Intro.pdf");
    expect(documentFileName("المحاضرة الأولى.PDF")).toBe("المحاضرة الأولى.PDF");
    expect(documentFileName("notes.exe")).toBe("notes.pdf");
    expect(documentFileName("notes")).toBe("notes.pdf");
    expect(documentFileName("/tmp/<script>\u0000.html")).toBe("<script>.pdf");
    expect(documentFileName("")).toBe("document.pdf");
  });
});
