/**
 * The text lines of an uncompressed PDF written by pdfkit with its standard fonts: each `[...] TJ` array's hex strings
 * decoded (WinAnsi, close to latin1: £ is 0xA3) and joined. Enough for tests to read what an invoice says.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)) {
    const hex = [...(match[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((part) => part[1] ?? '').join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines;
}
