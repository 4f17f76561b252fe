/** @jsxRuntime automatic */

import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import { EMAIL_COLOURS as c, EMAIL_STYLES, SANS } from './email-theme.ts';

// The pieces every message is made of, styled like the site. Each renders its own plain-text form through the
// markers that render-email.ts reads (data-text-format, data-text-part, data-skip-in-text).

/** A layout table (role presentation, no spacing or border), as mail clients need for anything side by side. */
function LayoutTable({
  style,
  fullWidth = false,
  children,
}: {
  style: CSSProperties;
  fullWidth?: boolean;
  children: ReactNode;
}) {
  return (
    <table
      role="presentation"
      width={fullWidth ? '100%' : undefined}
      cellSpacing="0"
      cellPadding="0"
      border={0}
      style={style}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? EMAIL_STYLES.muted : EMAIL_STYLES.paragraph}>{children}</Text>;
}

export function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={EMAIL_STYLES.heading}>
      {children}
    </Heading>
  );
}

/**
 * A bulletproof (table-based) button, readable in every mail client including Outlook. In the text part it reads
 * 'Label: https://…', or the label and then the address on a line of its own (`urlOnOwnLine`).
 */
export function EmailButton({
  href,
  children,
  urlOnOwnLine = false,
}: {
  href: string;
  children: string;
  urlOnOwnLine?: boolean;
}) {
  return (
    <LayoutTable style={{ margin: '8px 0 24px', borderCollapse: 'separate' }}>
      <tr>
        <td style={{ borderRadius: 6, background: c.green700 }}>
          <Link
            href={href}
            data-text-format={urlOnOwnLine ? 'button-url-below' : 'button'}
            style={{
              display: 'inline-block',
              padding: '14px 28px',
              fontFamily: SANS,
              fontSize: 16,
              lineHeight: '20px',
              fontWeight: 'bold',
              color: c.white,
              textDecoration: 'none',
              borderRadius: 6,
            }}
          >
            {children}
          </Link>
        </td>
      </tr>
    </LayoutTable>
  );
}

/** The button's address written out, for clients that drop the button (HTML only: the text part has it). */
export function ButtonFallback({ href, lineBreak = false }: { href: string; lineBreak?: boolean }) {
  return (
    <Text style={EMAIL_STYLES.muted} data-skip-in-text="true">
      If the button does not work, copy this address into your browser:{lineBreak ? <br /> : ' '}
      <Link href={href} style={{ ...EMAIL_STYLES.link, wordBreak: 'break-all' }}>
        {href}
      </Link>
    </Text>
  );
}

export type DetailRow = {
  label: string;
  value: string;
  /** A line under the label; the text part adds it after the value, in brackets. */
  note?: string;
  /** A line under the label that the value totals; the text part reads 'label: sum = value'. */
  sum?: string;
  /** Bold row (totals). */
  strong?: boolean;
  /** The label in the heading colour, bold (a course). */
  highlight?: boolean;
  /** The value may break over lines (tee times); amounts never do. */
  wrap?: boolean;
};

const cell: CSSProperties = {
  padding: '8px 0',
  fontFamily: SANS,
  fontSize: 15,
  lineHeight: '22px',
  color: c.ink900,
  verticalAlign: 'top',
};

/** Label and value rows ruled between, like the confirmation page's tables; '- label: value' lines in text. */
export function DetailTable({ rows }: { rows: DetailRow[] }) {
  return (
    <LayoutTable fullWidth style={{ margin: '0 0 16px' }}>
      {rows.map((row, index) => {
        const rowStyle: CSSProperties = {
          ...(row.strong ? { fontWeight: 'bold' } : {}),
          ...(index > 0 ? { borderTop: `1px solid ${c.sand200}` } : {}),
        };
        const detail = row.note ?? row.sum;
        return (
          <tr key={row.label} data-text-format="row">
            <td style={{ ...cell, ...rowStyle }}>
              {row.highlight ? (
                <strong data-text-part="label" style={{ color: c.green900 }}>
                  {row.label}
                </strong>
              ) : (
                <span data-text-part="label">{row.label}</span>
              )}
              {detail !== undefined && (
                <>
                  <br />
                  <span
                    data-text-part={row.note !== undefined ? 'note' : 'sum'}
                    style={{ color: c.ink600, fontSize: 14 }}
                  >
                    {detail}
                  </span>
                </>
              )}
            </td>
            <td
              data-text-part="value"
              style={{
                ...cell,
                textAlign: 'right',
                paddingLeft: 16,
                ...(row.wrap ? {} : { whiteSpace: 'nowrap' }),
                ...rowStyle,
              }}
            >
              {row.value}
            </td>
          </tr>
        );
      })}
    </LayoutTable>
  );
}

/**
 * Key figures in a sand panel (the booking number, golfers, amount paid), as the confirmation page's booking
 * details open. The items are inline blocks, so on a phone they wrap onto more lines instead of widening the
 * message; in text, 'Label: value' lines.
 */
export function SummaryPanel({ items }: { items: Array<[label: string, value: string]> }) {
  return (
    <LayoutTable
      fullWidth
      style={{ margin: '0 0 8px', background: c.sand50, border: `1px solid ${c.sand200}`, borderRadius: 6 }}
    >
      <tr>
        <td style={{ padding: '4px 0' }}>
          {items.map(([label, value]) => (
            <div
              key={label}
              data-text-format="pair"
              style={{ display: 'inline-block', verticalAlign: 'top', minWidth: 120, padding: '12px 16px' }}
            >
              <p
                data-text-part="label"
                style={{
                  margin: 0,
                  fontFamily: SANS,
                  fontSize: 12,
                  lineHeight: '16px',
                  letterSpacing: 1,
                  textTransform: 'uppercase',
                  color: c.ink600,
                }}
              >
                {label}
              </p>
              <p
                data-text-part="value"
                style={{
                  margin: '4px 0 0',
                  fontFamily: SANS,
                  fontSize: 18,
                  lineHeight: '24px',
                  fontWeight: 'bold',
                  color: c.green900,
                }}
              >
                {value}
              </p>
            </div>
          ))}
        </td>
      </tr>
    </LayoutTable>
  );
}
