/** @jsxRuntime automatic */

import { EmailLayout } from '../email-layout.tsx';
import { Paragraph } from '../email-parts.tsx';
import { renderEmail } from '../render-email.ts';
import { TEST_BRAND } from './test-brand.ts';

/** A small message in the resort's layout, for tests of the outbox and its transports. */
export function renderSampleEmail(title: string) {
  return renderEmail(
    <EmailLayout title={title} preheader="Championship, Monday 5th May 2025 at 2:30pm" brand={TEST_BRAND}>
      <Paragraph>See you on the first tee.</Paragraph>
    </EmailLayout>,
  );
}
