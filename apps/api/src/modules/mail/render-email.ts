import { render, toPlainText } from '@react-email/render';
import type { DomNode, FormatCallback, HtmlToTextOptions } from 'html-to-text';
import { createElement, type ReactElement } from 'react';

/** The resort as every e-mail names it, and how to reach reservations (config: RESORT_NAME, RESERVATIONS_*). */
export type MailBrand = { resortName: string; reservationsPhone: string; reservationsEmail: string };

export type RenderedEmail = { html: string; text: string };

// The plain-text part is read from the rendered HTML by React Email's toPlainText (html-to-text), so both parts come
// from one template. The message components mark the few places where text reads differently from the page
// (email-parts.tsx): `data-skip-in-text` (HTML only: the tagline, the button's fallback address), and
// `data-text-format` with `data-text-part` children for the layouts below.

/** The first element below `node` (itself included) whose data-text-part is `part`. */
function findPart(node: DomNode, part: string): DomNode | undefined {
  if (node.attribs?.['data-text-part'] === part) return node;
  for (const child of node.children ?? []) {
    const found = findPart(child, part);
    if (found) return found;
  }
  return undefined;
}

/**
 * A labelled value on one line: '- Burnside Course: Thursday 26th March 2026 at 11:30am (2 golfers, 1 caddie)',
 * '- Burnside Course: 1 caddie at £60.00 = £60.00', 'Booking number: 48213377'. Parts: label, value, and an
 * optional note (after the value, in brackets) or sum (before it, with '=').
 */
const labelled: FormatCallback = (elem, walk, builder, options) => {
  const part = (name: string) => findPart(elem, name);
  const [label, value, note, sum] = [part('label'), part('value'), part('note'), part('sum')];
  builder.openBlock({ leadingLineBreaks: options.leadingLineBreaks ?? 1 });
  if (options.prefix) builder.addInline(options.prefix);
  if (label) walk(label.children, builder);
  builder.addInline(': ');
  if (sum) {
    walk(sum.children, builder);
    builder.addInline(' = ');
  }
  if (value) walk(value.children, builder);
  if (note) {
    builder.addInline(' (');
    walk(note.children, builder);
    builder.addInline(')');
  }
  builder.closeBlock({ trailingLineBreaks: options.trailingLineBreaks ?? 1 });
};

/** A button as 'View your booking: https://…', or with the address on a line of its own. */
const button: FormatCallback = (elem, walk, builder, options) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(elem.children, builder);
  builder.addInline(':');
  if (options.urlOnOwnLine === true) builder.addLineBreak();
  else builder.addInline(' ');
  builder.addInline(String(elem.attribs?.href ?? ''), { noWordTransform: true });
  builder.closeBlock({ trailingLineBreaks: 2 });
};

/** The title, underlined: 'Your booking is confirmed' over a row of '='. */
const title: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(elem.children, builder);
  builder.closeBlock({
    trailingLineBreaks: 2,
    blockTransform: (text) => `${text}\n${'='.repeat(Math.min(text.length, 72))}`,
  });
};

/** The footer after the usual signature separator. */
const signature: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addInline('--');
  builder.addLineBreak();
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const TEXT_OPTIONS: HtmlToTextOptions = {
  formatters: { labelled, button, title, signature },
  selectors: [
    { selector: 'h1', format: 'title' },
    { selector: 'h2', options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 } },
    { selector: 'p', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    { selector: '[data-text-format=row]', format: 'labelled', options: { prefix: '- ' } },
    { selector: '[data-text-format=pair]', format: 'labelled' },
    { selector: 'a[data-text-format=button]', format: 'button' },
    { selector: 'a[data-text-format=button-url-below]', format: 'button', options: { urlOnOwnLine: true } },
    { selector: '[data-text-format=signature]', format: 'signature' },
    // The reservations phone and address read as themselves, without their tel: and mailto: targets.
    { selector: 'a[href^="tel:"]', format: 'anchor', options: { ignoreHref: true } },
    { selector: 'a[href^="mailto:"]', format: 'anchor', options: { ignoreHref: true } },
  ],
};

// React Email opens the document with an XHTML 1.0 doctype; our e-mails have always been HTML5 documents.
const XHTML_DOCTYPE = /^<!DOCTYPE html PUBLIC[^>]*>/;

/**
 * Renders an e-mail template (a React element whose root is EmailLayout) to its HTML part and the plain-text
 * alternative read from that HTML. Text in the template is escaped by React: no caller builds markup by hand.
 */
export async function renderEmail(email: ReactElement): Promise<RenderedEmail> {
  const markup = await render(email);
  const html = `${markup.replace(XHTML_DOCTYPE, '<!doctype html>')}\n`;
  const text = `${toPlainText(html, TEXT_OPTIONS).trim()}\n`;
  return { html, text };
}

/** Renders one empty paragraph, so the renderer's lazily loaded parts are in memory before the first real e-mail. */
export async function warmEmailRenderer(): Promise<void> {
  await render(createElement('p'));
}
