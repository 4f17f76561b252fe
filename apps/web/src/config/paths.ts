/** The one place route paths are written. Components link with `paths.x.getHref()`. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  contactDetails: { path: '/contact-details', getHref: () => '/contact-details' },
  paymentDetails: { path: '/payment-details', getHref: () => '/payment-details' },
  confirmation: { path: '/confirmation', getHref: () => '/confirmation' },
  bookingConfirmation: {
    path: '/confirmation/:bookingNumber',
    getHref: (bookingNumber: string | number) => `/confirmation/${encodeURIComponent(String(bookingNumber))}`,
  },
  login: { path: '/login', getHref: () => '/login' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset', getHref: () => '/reset' },
  manageAccount: { path: '/manage-account', getHref: () => '/manage-account' },
  maintenance: { path: '/maintenance', getHref: () => '/maintenance' },
  staff: { path: '/staff/*', getHref: () => '/staff' },
} as const;
