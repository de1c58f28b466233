// The "Reply by email" link of a contact message: a mailto: URL (RFC 6068) with the visitor's address,
// a 'Re: …' subject and a greeting prefilled. Every value is percent-encoded (spaces as %20, never "+",
// which mail clients would show literally), so names, Arabic text, "&", "?" and "#" survive.

/** Percent-encodes an address for the mailto: path; "@" stays readable (clients accept both). */
function encodeAddress(address: string): string {
  return encodeURIComponent(address.trim()).replace(/%40/g, "@");
}

export function replyMailto(to: string, fields: { subject: string; body?: string }): string {
  const query = [`subject=${encodeURIComponent(fields.subject)}`];
  // Line breaks in a mailto body are CRLF (RFC 6068 §5).
  if (fields.body) query.push(`body=${encodeURIComponent(fields.body.replace(/\r?\n/g, "\r\n"))}`);
  return `mailto:${encodeAddress(to)}?${query.join("&")}`;
}
