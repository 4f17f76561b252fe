// CSV files made in the browser from what is on screen (no second request that could differ): the staff tee sheet
// and an operator's bookings.

/**
 * One field, quoted when it must be (RFC 4180). A field a spreadsheet would read as a formula (=, +, -, @, tab,
 * carriage return first) is prefixed with an apostrophe: notes and names are typed by the public.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Lines of fields as CSV text: CRLF (RFC 4180) and a byte-order mark, so Excel reads '£' and accented names. */
export function csvText(lines: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Saves `text` as a CSV file named `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
