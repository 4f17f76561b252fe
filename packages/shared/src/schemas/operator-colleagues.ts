import { z } from 'zod';
import { USERNAME_PATTERN } from './auth';
import { dataEnvelope } from './envelope';

// A tour operator's colleagues (issue 24): the company's administrator (the account the resort opened) invites
// colleagues by e-mail; each signs in with their own username (their e-mail address) and password and books on the
// company's terms; the administrator can remove them.

/** How many colleagues one company may have: enough for any tour operator's office, a bound on invitation mail. */
export const MAX_COLLEAGUES = 25;

export const COLLEAGUE_MESSAGES = {
  name: "Please enter your colleague's name",
  nameTooLong: 'The name must be at most 100 characters',
  email: 'Please enter a valid email address',
  emailNotUsername:
    'This e-mail address cannot be a username: use at most 64 letters, digits or . _ @ - characters',
  taken:
    'An account with this e-mail address already exists. Ask the resort if it should move to your company.',
  limit: `Your company can have up to ${MAX_COLLEAGUES} colleagues. Remove one before inviting another.`,
  notFound: 'There is no such colleague in your company.',
  invited: (email: string) => `Invitation sent to ${email}.`,
  removed: (name: string) => `${name} has been removed and signed out.`,
} as const;

export const inviteColleagueRequestSchema = z.object({
  name: z
    .string({ error: COLLEAGUE_MESSAGES.name })
    .trim()
    .min(1, { error: COLLEAGUE_MESSAGES.name })
    .max(100, { error: COLLEAGUE_MESSAGES.nameTooLong }),
  email_address: z
    .string({ error: COLLEAGUE_MESSAGES.email })
    .trim()
    .pipe(z.email({ error: COLLEAGUE_MESSAGES.email }))
    .pipe(z.string().regex(USERNAME_PATTERN, { error: COLLEAGUE_MESSAGES.emailNotUsername })),
});
export type InviteColleagueRequest = z.infer<typeof inviteColleagueRequestSchema>;

export const colleagueSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** Also their username. */
  email_address: z.string(),
  /** invited: the password is not chosen yet (the invitation link is open); active: they have signed in. */
  status: z.enum(['invited', 'active']),
  invited_at: z.iso.datetime(),
});
export type Colleague = z.infer<typeof colleagueSchema>;

export const colleaguesResponseSchema = dataEnvelope(z.array(colleagueSchema));
export const colleagueResponseSchema = dataEnvelope(colleagueSchema);

export const colleagueIdParamsSchema = z.object({
  id: z
    .string({ error: COLLEAGUE_MESSAGES.notFound })
    .regex(/^[1-9]\d{0,9}$/, { error: COLLEAGUE_MESSAGES.notFound })
    .transform(Number),
});
