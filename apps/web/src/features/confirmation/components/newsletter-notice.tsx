import { Alert } from '@/components/ui/alert';

export const NEWSLETTER_MESSAGES = {
  newly_subscribed: {
    title: 'Welcome to our newsletter',
    text: 'Thank you for subscribing. Look out for news, offers and tee-time openings from the links in your inbox.',
  },
  already_subscribed: {
    title: 'You are already on our mailing list',
    text: 'You are already subscribed to our newsletter, so there is nothing more to do. Thank you for staying in touch.',
  },
  unsubscribed: {
    title: 'You have been unsubscribed',
    text: 'You will no longer receive our newsletter. You are welcome to subscribe again with your next booking.',
  },
} as const;

export type NewsletterStatus = keyof typeof NEWSLETTER_MESSAGES;

export function isNewsletterStatus(value: string | null): value is NewsletterStatus {
  return value !== null && Object.hasOwn(NEWSLETTER_MESSAGES, value);
}

/** Spec section 2: the nl query parameter's friendly message. */
export function NewsletterNotice({ status }: { status: NewsletterStatus }) {
  const message = NEWSLETTER_MESSAGES[status];
  return (
    <Alert type="info" title={message.title}>
      <p>{message.text}</p>
    </Alert>
  );
}
