/** @jsxRuntime automatic */

import { Body } from '@react-email/body';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { EMAIL_COLOURS as c, SANS, SERIF } from './email-theme.ts';
import type { MailBrand } from './render-email.ts';

const FOOTER_TEXT = 'You are receiving this e-mail because of a booking or request made on our website.';

export type EmailLayoutProps = {
  /** The heading and <title>. */
  title: string;
  /** The inbox preview line shown after the subject (HTML only). */
  preheader: string;
  brand: MailBrand;
  /** Extra <head> content, such as a message's schema.org markup. */
  head?: ReactNode;
  children: ReactNode;
};

/**
 * The resort's e-mail frame: a 600 px centred column on sand, a deep-green masthead with the serif wordmark, a
 * white content card with a serif heading, and a footer with the reservations desk. Tables with inline styles
 * (mail clients ignore most of CSS); the hidden preheader fills the inbox preview. Every value is text, escaped by
 * React; the plain-text part is read from the same markup (render-email.ts).
 */
export function EmailLayout({ title, preheader, brand, head, children }: EmailLayoutProps) {
  const tel = brand.reservationsPhone.replace(/[^+\d]/g, '');
  const footerLink = { color: c.ink600, textDecoration: 'underline' };
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{title}</title>
        {head}
      </Head>
      <Body style={{ margin: 0, padding: '24px 12px', background: c.sand100 }}>
        <Preview>{preheader}</Preview>
        <Container width="600" style={{ width: '100%', maxWidth: 600 }}>
          <Row>
            <Column
              align="left"
              style={{ background: c.green900, padding: '28px 32px', borderRadius: '8px 8px 0 0' }}
            >
              <Text
                style={{
                  margin: 0,
                  fontFamily: SERIF,
                  fontSize: 26,
                  lineHeight: '32px',
                  letterSpacing: 1,
                  color: c.sand50,
                }}
              >
                {brand.resortName}
              </Text>
              <Text
                data-skip-in-text="true"
                style={{
                  margin: '4px 0 0',
                  fontFamily: SANS,
                  fontSize: 12,
                  lineHeight: '16px',
                  letterSpacing: 2,
                  textTransform: 'uppercase',
                  color: c.gold500,
                }}
              >
                Championship · Burnside · Buddon Links
              </Text>
            </Column>
          </Row>
          <Row>
            <Column
              style={{
                background: c.white,
                padding: 32,
                borderLeft: `1px solid ${c.sand200}`,
                borderRight: `1px solid ${c.sand200}`,
              }}
            >
              <Heading
                as="h1"
                style={{
                  margin: '0 0 20px',
                  fontFamily: SERIF,
                  fontSize: 28,
                  lineHeight: '36px',
                  fontWeight: 'normal',
                  color: c.green900,
                }}
              >
                {title}
              </Heading>
              {children}
            </Column>
          </Row>
          <Row>
            <Column
              style={{
                background: c.sand50,
                padding: '20px 32px',
                border: `1px solid ${c.sand200}`,
                borderTop: `3px solid ${c.gold500}`,
                borderRadius: '0 0 8px 8px',
              }}
            >
              <Text
                data-text-format="signature"
                style={{ margin: 0, fontFamily: SANS, fontSize: 12, lineHeight: '18px', color: c.ink600 }}
              >
                {`${brand.resortName} reservations: `}
                <Link href={`tel:${tel}`} style={footerLink}>
                  {brand.reservationsPhone}
                </Link>
                {' · '}
                <Link href={`mailto:${brand.reservationsEmail}`} style={footerLink}>
                  {brand.reservationsEmail}
                </Link>
                <br />
                {FOOTER_TEXT}
              </Text>
            </Column>
          </Row>
        </Container>
      </Body>
    </Html>
  );
}
