import { formatMoney } from '@links/shared/money';
import { formatLongDate, londonDate } from '@links/shared/uk-time';
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from './issue-invoice.ts';

// The printable document (decision 015: pdfkit, a maintained library with no native parts, whose standard fonts
// need no font files). A4, the resort's green, everything a UK VAT invoice must carry: the supplier's name, address
// and VAT registration number, a unique sequential number, the date, the customer, what was supplied, net, the VAT
// rate and amount, and the gross. Uncompressed: a few kilobytes, and its text stays searchable.

export type Supplier = { companyName: string; address: string; vatNumber: string; resortName: string };

const GREEN = '#1d5240';
const INK = '#17211c';
const MUTED = '#55625b';
const RULE = '#d9d3c3';

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export function invoiceTitle(row: Pick<InvoiceRow, 'kind'>): string {
  return row.kind === 'invoice' ? 'VAT invoice' : 'VAT credit note';
}

export async function renderInvoicePdf(row: InvoiceRow, supplier: Supplier): Promise<Buffer> {
  const title = `${invoiceTitle(row)} ${row.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: title, Author: supplier.companyName, Subject: `${supplier.resortName} ${title}` },
  });
  const done = collect(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const sign = row.kind === 'credit_note' ? -1 : 1;
  const money = (pence: number) => formatMoney(sign * pence);

  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(20).text(supplier.resortName, left, 56);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(title, left, 56, { width, align: 'right' });
  doc.moveDown(1.2);
  const top = doc.y;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(supplier.companyName, left, top, { width: width / 2 });
  doc.fillColor(MUTED).text(supplier.address, { width: width / 2 - 12 });
  doc.text(`VAT registration number: ${supplier.vatNumber}`, { width: width / 2 - 12 });
  const afterSupplier = doc.y;

  const facts: Array<[string, string]> = [
    [row.kind === 'invoice' ? 'Invoice number' : 'Credit note number', row.number],
    ['Date of issue and tax point', formatLongDate(londonDate(row.issuedAt))],
  ];
  let y = top;
  for (const [label, value] of facts) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .text(label, left + width / 2, y, { width: width / 2, align: 'right' });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .text(value, { width: width / 2, align: 'right' });
    y = doc.y + 4;
  }

  doc.y = Math.max(afterSupplier, y) + 18;
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .text(row.kind === 'invoice' ? 'Invoice to' : 'Credit to', left);
  doc.fillColor(INK).font('Helvetica-Bold').text(row.customer.name);
  doc.font('Helvetica');
  for (const line of row.customer.lines) doc.text(line);
  if (row.customer.email) doc.fillColor(MUTED).text(row.customer.email);

  // The lines: description, then net, VAT rate, VAT and gross in columns.
  doc.moveDown(1.5);
  const columns = [
    { label: 'Net', width: 70 },
    { label: 'VAT rate', width: 56 },
    { label: 'VAT', width: 64 },
    { label: 'Gross', width: 70 },
  ];
  const amountsWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const descriptionWidth = width - amountsWidth - 12;
  const header = doc.y;
  doc
    .fillColor(MUTED)
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('Description', left, header, { width: descriptionWidth });
  let x = left + descriptionWidth + 12;
  for (const column of columns) {
    doc.text(column.label, x, header, { width: column.width, align: 'right' });
    x += column.width;
  }
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .strokeColor(RULE)
    .stroke();
  doc.y += 10;
  const rate = `${row.vatRateBasisPoints / 100}%`;
  doc.fontSize(10).fillColor(INK).font('Helvetica');
  for (const line of row.lines) {
    const rowTop = doc.y;
    doc.text(line.description, left, rowTop, { width: descriptionWidth });
    const rowBottom = doc.y;
    x = left + descriptionWidth + 12;
    for (const [index, value] of [money(line.net), rate, money(line.vat), money(line.gross)].entries()) {
      const column = columns[index];
      if (!column) continue;
      doc.text(value, x, rowTop, { width: column.width, align: 'right' });
      x += column.width;
    }
    doc.y = Math.max(rowBottom, doc.y) + 8;
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor(RULE)
    .stroke();
  doc.y += 10;

  const totals: Array<[string, string]> = [
    ['Total net', money(row.netPence)],
    [`VAT at ${rate}`, money(row.vatPence)],
    [row.kind === 'invoice' ? 'Total paid' : 'Total refunded', money(row.grossPence)],
  ];
  for (const [index, [label, value]] of totals.entries()) {
    const last = index === totals.length - 1;
    const lineTop = doc.y;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fillColor(INK);
    doc.text(label, left + width - 260, lineTop, { width: 170, align: 'right' });
    doc.text(value, left + width - 90, lineTop, { width: 90, align: 'right' });
    doc.y += 4;
  }

  doc.moveDown(2);
  doc.fillColor(MUTED).font('Helvetica').fontSize(9);
  doc.text(
    row.kind === 'invoice'
      ? 'Paid with thanks. Caddie fees are paid in cash at play and are not part of this invoice.'
      : 'This credit note records money returned to the card it was paid with.',
    left,
    doc.y,
    { width },
  );
  doc.end();
  return done;
}
