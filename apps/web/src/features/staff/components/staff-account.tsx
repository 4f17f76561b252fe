import { zodResolver } from '@hookform/resolvers/zod';
import {
  type StaffPasswordChangeRequest,
  staffPasswordChangeRequestSchema,
} from '@links/shared/schemas/staff';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { fieldBinder, PasswordField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/form-status';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { useStaffMe, useStaffPasswordChange } from '../api/staff-api';
import styles from './staff.module.css';
import { MutationFailure, StaffPage } from './staff-kit';

/** Every staff user: who they are, and a password change (which signs out their other sessions). */
export function StaffAccount() {
  const me = useStaffMe();
  const change = useStaffPasswordChange();
  const doneRef = useRef<HTMLDivElement>(null);
  const form = useForm<StaffPasswordChangeRequest>({
    resolver: zodResolver(staffPasswordChangeRequestSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { handleSubmit, reset } = form;
  const field = fieldBinder(form.register, form.formState.errors);
  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        reset();
        // The confirmation is where the user is looking.
        requestAnimationFrame(() => doneRef.current?.focus());
      },
    }),
  );
  const user = me.data;
  return (
    <StaffPage title="Your account">
      {user ? (
        <dl className={styles.facts}>
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Username</dt>
          <dd>{user.username}</dd>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </dl>
      ) : null}
      <section className={styles.panel} aria-labelledby="change-password">
        <h2 id="change-password">Change your password</h2>
        <div ref={doneRef} tabIndex={-1}>
          {change.isSuccess ? (
            <Alert type="success" title="Your password has been changed">
              <p>Your other sessions have been signed out.</p>
            </Alert>
          ) : null}
        </div>
        <MutationFailure
          mutation={change}
          title="The password was not changed"
          fallback="Please try again."
        />
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="change-password">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...field('current_password')}
          />
          <NewPasswordFields
            form={form}
            confirmLabel="Confirm the new password"
            hint="At least 12 characters with upper and lower case letters, a digit and a symbol."
          />
          <SubmitButton pending={change.isPending} busy="Saving...">
            Change password
          </SubmitButton>
        </form>
      </section>
    </StaffPage>
  );
}
