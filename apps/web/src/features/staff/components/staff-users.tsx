import {
  createStaffUserRequestSchema,
  STAFF_ROLES,
  type StaffRole,
  type StaffUser,
} from '@links/shared/schemas/staff';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { PasswordField, SelectField } from '@/components/ui/form-field';
import { userMessage } from '@/lib/api-client';
import {
  type CreatedStaffUser,
  useCreateStaffUser,
  useResetStaffFactor,
  useStaffMe,
  useStaffUsers,
  useUpdateStaffUser,
} from '../api/staff-api';
import styles from './staff.module.css';
import {
  DataTable,
  Loaded,
  NewAccountForm,
  Options,
  optionsOf,
  SAVE_FAILED,
  StaffPage,
  useSendingForm,
} from './staff-kit';

export const ROLE_NAMES: Record<StaffRole, string> = {
  admin: 'Administrator',
  reservations: 'Reservations',
  starter: 'Starter',
};

/** Admin only: every staff user, their role and state, and a form to add one. */
export function StaffUsers() {
  const users = useStaffUsers();
  const me = useStaffMe();
  const [status, setStatus] = useState('');
  return (
    <StaffPage title="Staff users">
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <Loaded
        query={users}
        loading="Loading staff users..."
        failed="Staff users could not be loaded"
        hint="Please reload the page."
      >
        {(data) => (
          <div className={styles['table-wrap']}>
            <DataTable
              caption="Staff users"
              columns={[
                'Name',
                'Username',
                'E-mail',
                'Role',
                'Status',
                'Second factor',
                { hidden: 'Actions' },
              ]}
            >
              {data.map((user) => (
                <UserRow key={user.id} user={user} self={user.id === me.data?.id} onDone={setStatus} />
              ))}
            </DataTable>
          </div>
        )}
      </Loaded>
      <CreateUserForm onCreated={(created) => setStatus(`${created.user.name} was added.`)} />
    </StaffPage>
  );
}

function UserRow({ user, self, onDone }: { user: StaffUser; self: boolean; onDone: (text: string) => void }) {
  const update = useUpdateStaffUser();
  const resetFactor = useResetStaffFactor();
  const [confirmReset, setConfirmReset] = useState(false);
  const error = update.error ?? resetFactor.error;
  return (
    <tr>
      <th scope="row">
        {user.name}
        {self ? <span className={styles.tag}>You</span> : null}
      </th>
      <td>{user.username}</td>
      <td>{user.email}</td>
      <td>
        <label className="visually-hidden" htmlFor={`role-${user.id}`}>
          Role of {user.name}
        </label>
        <select
          id={`role-${user.id}`}
          className={styles['compact-select']}
          value={user.role}
          disabled={self || update.isPending}
          onChange={(event) =>
            update.mutate(
              { id: user.id, role: event.target.value as StaffRole },
              { onSuccess: (changed) => onDone(`${changed.name} is now ${ROLE_NAMES[changed.role]}.`) },
            )
          }
        >
          <Options options={optionsOf(STAFF_ROLES, ROLE_NAMES)} />
        </select>
      </td>
      <td>
        <span className={user.status === 'active' ? styles['state-ok'] : styles['state-off']}>
          {user.status === 'active' ? 'Active' : 'Disabled'}
        </span>
      </td>
      <td>{user.factor_enrolled ? 'Set up' : 'Not set up'}</td>
      <td className={styles.actions}>
        {self ? null : (
          <>
            <button
              type="button"
              className={styles['table-button']}
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: user.id, status: user.status === 'active' ? 'disabled' : 'active' },
                  {
                    onSuccess: (changed) =>
                      onDone(`${changed.name} is ${changed.status === 'active' ? 'enabled' : 'disabled'}.`),
                  },
                )
              }
            >
              {user.status === 'active' ? 'Disable' : 'Enable'}
              <span className="visually-hidden"> {user.name}</span>
            </button>
            {confirmReset ? (
              <button
                type="button"
                className={`${styles['table-button']} ${styles.danger}`}
                disabled={resetFactor.isPending}
                onClick={() =>
                  resetFactor.mutate(user.id, {
                    onSuccess: () => {
                      setConfirmReset(false);
                      onDone(`${user.name} sets up a new second factor at the next sign-in.`);
                    },
                  })
                }
              >
                Confirm reset<span className="visually-hidden"> of the second factor of {user.name}</span>
              </button>
            ) : (
              <button type="button" className={styles['table-button']} onClick={() => setConfirmReset(true)}>
                Reset second factor<span className="visually-hidden"> of {user.name}</span>
              </button>
            )}
          </>
        )}
        {error ? (
          <p className={styles['row-error']} role="alert">
            {userMessage(error, SAVE_FAILED)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

function CreateUserForm({ onCreated }: { onCreated: (created: CreatedStaffUser) => void }) {
  const create = useCreateStaffUser();
  const [created, setCreated] = useState<CreatedStaffUser | null>(null);
  const form = useSendingForm(
    createStaffUserRequestSchema,
    { username: '', name: '', email: '', role: 'reservations', password: undefined },
    create,
    (answer) => {
      setCreated(answer);
      onCreated(answer);
    },
  );
  return (
    <NewAccountForm
      title="Add a staff user"
      intro={
        created ? (
          <Alert type="success" title={`${created.user.name} was added`} onDismiss={() => setCreated(null)}>
            {created.one_time_password ? (
              <p>
                Their one-time password is <code className={styles.secret}>{created.one_time_password}</code>.
                It is shown only now: hand it over in person. They set up their authenticator app at the first
                sign-in.
              </p>
            ) : (
              <p>They set up their authenticator app at the first sign-in.</p>
            )}
          </Alert>
        ) : null
      }
      name={{ label: 'Name', key: 'name' }}
      {...form}
      failed="The user could not be added"
      busy="Adding..."
      submit="Add staff user"
    >
      <SelectField label="Role" options={optionsOf(STAFF_ROLES, ROLE_NAMES)} {...form.field('role')} />
      <PasswordField
        label="Password"
        optional
        hint="Leave empty to have one made and shown once."
        autoComplete="new-password"
        // Empty means "make one": the schema's optional password is absent, not an empty string.
        {...form.field('password', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
      />
    </NewAccountForm>
  );
}
