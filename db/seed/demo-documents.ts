// The demo's course documents (issue 38 item 4), so the student area's "My course materials" and the
// instructor portal have something to open: for each course where a demo student holds a confirmed seat
// (approved, paid in full), a two-page "Course handbook" marked "for students" and a "Trainer notes" kept
// for staff and the instructor. The PDFs are written here (PDF 1.4, the standard Helvetica font, Latin
// text only) and stored privately as the upload code stores documents: DATA_DIR/uploads/private/documents/demo/.
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { courseDocuments, courses, enrollmentLedger, enrollments } from "@db/schema/index.ts";
import { queryRows, type Tx } from "~/lib/db.server.ts";

/** Escapes text for a PDF string literal. */
const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** A small valid PDF: one page per entry of `pages`, each a title and lines of text, A4 portrait. */
export function simplePdf(pages: { title: string; subtitle?: string; lines: string[] }[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1;
  const catalog = add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // 2: the page tree, written once its kids are known
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const page of pages) {
    const text = [`BT /F2 22 Tf 64 770 Td (${pdfText(page.title)}) Tj ET`, "0.05 0.45 0.42 RG 2 w 64 752 m 531 752 l S"];
    if (page.subtitle) text.push(`BT /F1 13 Tf 64 732 Td (${pdfText(page.subtitle)}) Tj ET`);
    const top = page.subtitle ? 700 : 720;
    page.lines.forEach((line, i) => text.push(`BT /F1 12 Tf 64 ${top - i * 20} Td (${pdfText(line)}) Tj ET`));
    const stream = text.join("\n");
    const content = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

const Row = z.object({ id: z.string(), slug: z.string(), title: z.string() });

export async function seedDemoDocuments(tx: Tx, uploadsDir: string): Promise<void> {
  // Courses with a demo seat paid in full (what was charged has been received).
  const paidCourses = await queryRows(
    tx,
    sql`select distinct c.id, c.slug, c.title from ${courses} c join ${enrollments} e on e.course_id = c.id
        where e.status = 'approved'
          and (select coalesce(sum(case when l.kind in ('charge', 'adjustment') then l.amount_piastres when l.kind = 'payment' then -l.amount_piastres when l.kind = 'refund' then l.amount_piastres else 0 end), 0)
               from ${enrollmentLedger} l where l.enrollment_id = e.id) <= 0
        order by c.slug limit 3`,
    Row,
  );
  for (const course of paidCourses) {
    const files = [
      {
        name: `${course.slug}-handbook.pdf`,
        forStudents: true,
        pdf: simplePdf([
          {
            title: "Course handbook",
            subtitle: course.title,
            lines: ["Welcome to the course.", "", "Before the first session:", "- Install the tools listed on the course page.", "- Join five minutes early to check your sound and camera.", "", "Each session starts on time (Cairo time) and lasts about two hours."],
          },
          { title: "Week by week", lines: ["Week 1: foundations and set-up.", "Week 2: guided practice.", "Week 3: a small project of your own.", "Week 4: review, questions and next steps."] },
        ]),
      },
      {
        name: `${course.slug}-trainer-notes.pdf`,
        forStudents: false,
        pdf: simplePdf([{ title: "Trainer notes", subtitle: course.title, lines: ["For the trainer and staff only.", "Timing of each part, common questions and the answers to the exercises."] }]),
      },
    ];
    for (const [position, f] of files.entries()) {
      const key = `documents/demo/${f.name}`;
      const file = path.join(uploadsDir, "private", key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, f.pdf);
      await tx.insert(courseDocuments).values({ courseId: course.id, storageKey: key, fileName: f.name, fileType: "PDF", sizeBytes: f.pdf.length, position, forStudents: f.forStudents });
    }
  }
}
