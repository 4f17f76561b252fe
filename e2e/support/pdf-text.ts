/**
 * The text of an uncompressed PDF written by pdfkit with its standard fonts (the API's invoices): each `[...] TJ`
 * array's hex strings decoded as latin1 (£ is 0xA3) and the lines joined. Enough for a journey to read an invoice.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)) {
    const hex = [...(match[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((part) => part[1] ?? '').join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}
