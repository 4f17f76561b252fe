import {
  COLLEAGUE_MESSAGES,
  type Colleague,
  type InviteColleagueRequest,
  inviteColleagueRequestSchema,
} from '@links/shared/schemas/operator-colleagues';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldGrid, TextField } from '@/components/ui/form-field';
import { FailureAlert } from '@/components/ui/form-status';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';
import { Spinner } from '@/components/ui/spinner';
import { useZodForm } from '@/components/ui/use-zod-form';
import { fieldMessages } from '@/lib/api-client';
import { useColleagues, useInviteColleague, useRemoveColleague } from '../api/colleagues';
import styles from './account-forms.module.css';
import { ACCOUNT_ERROR_FALLBACK } from './account-messages';
import { FormActions } from './form-actions';
import tableStyles from './own-bookings.module.css';

// Colleagues (issue 24), for the company's administrator: who else books for the company, the invitation of a new
// colleague by e-mail, and their removal (signed out at once). Each change is announced where the administrator is
// looking: the outcome takes the focus.

const INVITED_DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium' });
const EMPTY: InviteColleagueRequest = { name: '', email_address: '' };

function ColleagueRow({
  colleague,
  onRemoved,
  onFailed,
}: {
  colleague: Colleague;
  onRemoved: (name: string) => void;
  onFailed: (error: unknown) => void;
}) {
  const remove = useRemoveColleague();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Focus follows the question and, when kept, returns to the button that asked it.
    if (confirming) confirmRef.current?.focus();
    else if (asked.current) removeRef.current?.focus();
  }, [confirming]);
  return (
    <tr>
      <th scope="row">{colleague.name}</th>
      <td>{colleague.email_address}</td>
      <td>{colleague.status === 'invited' ? 'Invitation sent' : 'Active'}</td>
      <td className={tableStyles.money}>{INVITED_DAY.format(new Date(colleague.invited_at))}</td>
      <td>
        {confirming ? (
          <div className={styles.actions}>
            <Button
              ref={confirmRef}
              size="sm"
              disabled={remove.isPending}
              aria-label={`Yes, remove ${colleague.name}`}
              onClick={() =>
                remove.mutate(colleague.id, {
                  onSuccess: () => onRemoved(colleague.name),
                  onError: (error) => {
                    setConfirming(false);
                    onFailed(error);
                  },
                })
              }
            >
              Yes, remove
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </div>
        ) : (
          <Button
            ref={removeRef}
            size="sm"
            variant="secondary"
            aria-label={`Remove ${colleague.name}`}
            onClick={() => {
              asked.current = true;
              setConfirming(true);
            }}
          >
            Remove
          </Button>
        )}
      </td>
    </tr>
  );
}

function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const invite = useInviteColleague();
  const { handleSubmit, reset, setError, field } = useZodForm<InviteColleagueRequest>(
    inviteColleagueRequestSchema,
    EMPTY,
  );
  const onSubmit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (colleague) => {
        reset(EMPTY);
        onInvited(colleague.email_address);
      },
      onError: (error) => {
        const taken = fieldMessages(error).email_address;
        if (taken) setError('email_address', { message: taken }, { shouldFocus: true });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="invite-colleague-title" className={styles.stack}>
      <h3 id="invite-colleague-title" className={styles.subtitle}>
        Invite a colleague
      </h3>
      <FailureAlert
        error={fieldMessages(invite.error).email_address ? null : invite.error}
        title="The invitation was not sent"
        fallback={ACCOUNT_ERROR_FALLBACK}
        onDismiss={() => invite.reset()}
      />
      <FieldGrid>
        <TextField label="Name" autoComplete="off" required {...field('name')} />
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="off"
          required
          {...field('email_address')}
        />
      </FieldGrid>
      <FormActions pending={invite.isPending} busy="Sending...">
        Send invitation
      </FormActions>
    </form>
  );
}

export function Colleagues({ companyName }: { companyName: string }) {
  const colleagues = useColleagues();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice || failure) outcomeRef.current?.focus();
  }, [notice, failure]);
  const announce = (message: string) => {
    setFailure(null);
    setNotice(message);
  };

  return (
    <section className={styles.form} aria-labelledby="colleagues-title">
      <h2 id="colleagues-title" className={styles.title}>
        Colleagues
      </h2>
      <p className={styles.intro}>
        {`Invite the people in your office who book tee times. Each signs in with their own e-mail address and password, books on ${companyName}'s terms and sees its bookings. Only you can invite or remove colleagues and change the company's details.`}
      </p>
      <div ref={outcomeRef} tabIndex={-1} className={styles.outcome}>
        {notice ? <Alert type="success" title={notice} onDismiss={() => setNotice(null)} /> : null}
        <FailureAlert
          error={failure}
          title="The colleague was not removed"
          fallback={ACCOUNT_ERROR_FALLBACK}
          onDismiss={() => setFailure(null)}
        />
      </div>
      {colleagues.isPending ? <Spinner label="Loading your colleagues..." /> : null}
      {colleagues.isError ? (
        <LoadFailedAlert title="Your colleagues could not be loaded" query={colleagues} />
      ) : null}
      {colleagues.data?.length === 0 ? <p className={styles.intro}>No colleagues yet.</p> : null}
      {colleagues.data && colleagues.data.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways on a phone, by keyboard too.
        <section className={tableStyles['table-frame']} aria-label="Colleagues table" tabIndex={0}>
          <table className={tableStyles.table}>
            <caption className="visually-hidden">Your company's colleagues</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail address</th>
                <th scope="col">Status</th>
                <th scope="col">Invited</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {colleagues.data.map((colleague) => (
                <ColleagueRow
                  key={colleague.id}
                  colleague={colleague}
                  onRemoved={(name) => announce(COLLEAGUE_MESSAGES.removed(name))}
                  onFailed={(error) => {
                    setNotice(null);
                    setFailure(error);
                  }}
                />
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <InviteForm onInvited={(email) => announce(COLLEAGUE_MESSAGES.invited(email))} />
    </section>
  );
}
