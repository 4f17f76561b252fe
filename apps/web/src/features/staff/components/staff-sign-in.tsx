import {
  type StaffSignInAnswer,
  staffCodeRequestSchema,
  staffSignInRequestSchema,
} from '@links/shared/schemas/staff';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField, UsernameField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/form-status';
import { env } from '@/config/env';
import { useStaffCode, useStaffSignIn } from '../api/staff-api';
import styles from './staff.module.css';
import { MutationFailure, useSchemaForm } from './staff-kit';

export const STAFF_SIGN_IN_HEADING = 'Staff sign-in';
const SIGN_IN_FAILED = 'We could not sign you in. Please try again.';

type Enrolment = Extract<StaffSignInAnswer, { stage: 'enrol' }>;

/** Username and password, then the code from the authenticator app (first enrolling it when there is none yet). */
export function StaffSignIn() {
  const [answer, setAnswer] = useState<StaffSignInAnswer | null>(null);
  return (
    <main className={styles['sign-in-page']} id="main">
      <div className={styles['sign-in-card']}>
        <p className={styles.eyebrow}>{env.resortName} · Resort staff</p>
        <h1 className={styles['sign-in-title']}>{STAFF_SIGN_IN_HEADING}</h1>
        {answer === null ? (
          <PasswordStep onAnswer={setAnswer} />
        ) : (
          <CodeStep enrolment={answer.stage === 'enrol' ? answer : null} onRestart={() => setAnswer(null)} />
        )}
      </div>
    </main>
  );
}

function PasswordStep({ onAnswer }: { onAnswer: (answer: StaffSignInAnswer) => void }) {
  const signIn = useStaffSignIn();
  const { handleSubmit, field } = useSchemaForm(staffSignInRequestSchema, { username: '', password: '' });
  const onSubmit = handleSubmit((values) => signIn.mutate(values, { onSuccess: onAnswer }));
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={STAFF_SIGN_IN_HEADING}>
      <MutationFailure mutation={signIn} title="Sign-in failed" fallback={SIGN_IN_FAILED} />
      <UsernameField {...field('username')} />
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
      <SubmitButton block pending={signIn.isPending} busy="Checking...">
        Continue
      </SubmitButton>
    </form>
  );
}

function CodeStep({ enrolment, onRestart }: { enrolment: Enrolment | null; onRestart: () => void }) {
  const submitCode = useStaffCode();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { handleSubmit, field } = useSchemaForm(staffCodeRequestSchema, { code: '' });
  // The step changed under the keyboard user: say so where they are.
  useEffect(() => headingRef.current?.focus(), []);
  const onSubmit = handleSubmit((values) => submitCode.mutate(values));
  const title = enrolment ? 'Set up your authenticator app' : 'Enter your code';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={title}>
      <h2 className={styles['step-title']} tabIndex={-1} ref={headingRef}>
        {title}
      </h2>
      {enrolment ? (
        <div className={styles.enrol}>
          <p>
            Scan this code with an authenticator app (for example Google Authenticator, Microsoft
            Authenticator or 1Password), or type the key below into it. Then enter the 6-digit code it shows.
          </p>
          <img
            className={styles.qr}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
            alt="QR code for your authenticator app"
            width={184}
            height={184}
          />
          <p className={styles['secret-label']}>Key</p>
          <code className={styles.secret}>{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </div>
      ) : (
        <p>Open your authenticator app and enter the 6-digit code it shows for the resort.</p>
      )}
      <MutationFailure mutation={submitCode} title="That code did not work" fallback={SIGN_IN_FAILED} />
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]*"
        {...field('code')}
      />
      <SubmitButton block pending={submitCode.isPending} busy="Checking...">
        Sign in
      </SubmitButton>
      <Button variant="secondary" onClick={onRestart}>
        Start again
      </Button>
    </form>
  );
}
