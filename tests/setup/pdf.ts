// A real PDF for upload and viewer tests: one page with a line of text, correct xref offsets, and when asked
// an uncompressed stream of filler that brings the file to about `minBytes` (a document of a realistic size).

export function minimalPdf(
  text: string,
  options: { minBytes?: number; page?: { width: number; height: number }; fontSize?: number } = {},
): Buffer {
  // By default a small page (300 × 200 pt) with 18 pt text; a reading test asks for A4 and 11 pt.
  const { width, height } = options.page ?? { width: 300, height: 200 };
  const content = `BT /F1 ${options.fontSize ?? 18} Tf 40 ${height - 100} Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  if (options.minBytes) {
    // An object nothing refers to: readers skip it, the file's size is what the test needs.
    const filler = "%".repeat(Math.max(0, options.minBytes - 1024));
    objects.push(`<< /Length ${filler.length} >>\nstream\n${filler}\nendstream`);
  }
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
