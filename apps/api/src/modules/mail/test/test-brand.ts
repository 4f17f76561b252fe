import type { MailBrand } from '../render-email.ts';

/** A brand unlike the defaults, so a test shows the configured one is what the e-mail says. */
export const TEST_BRAND: MailBrand = {
  resortName: 'Old Course & <Links>',
  reservationsPhone: '+44 1241 555 010',
  reservationsEmail: 'tee-times@resort.example',
};
