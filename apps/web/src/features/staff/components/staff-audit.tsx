import { AUDIT_ACTIONS, type AuditAction } from '@links/shared/schemas/staff';
import { addDays, londonWallTimeToUtc } from '@links/shared/uk-time';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/api-client';
import { type AuditFilter, useStaffAudit, useStaffUsers } from '../api/staff-api';
import styles from './staff.module.css';

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** 'price.green_fee_changed' as 'Price: green fee changed', for the action list. */
function actionLabel(action: AuditAction): string {
  const text = action.replace('.', ': ').replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

/** Who acted, where it was not a staff member (the log names those). */
const ACTOR_NAMES: Record<string, string> = {
  cli: 'Command line',
  golfer: 'The golfer',
  operator: 'The tour operator',
  anonymous: 'Unknown sign-in',
  staff: 'A staff member',
};

/** The instant a UK day starts (London midnight, GMT or BST), as the API's from / to take it. */
function ukDayStart(date: string): string {
  return londonWallTimeToUtc(date, '00:00').toISOString();
}

function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const parts: string[] = [];
  for (const key of keys) {
    const was = before?.[key];
    const now = after?.[key];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    if (was === undefined) parts.push(`${key}: ${JSON.stringify(now)}`);
    else if (now === undefined) parts.push(`${key}: ${JSON.stringify(was)} → (none)`);
    else parts.push(`${key}: ${JSON.stringify(was)} → ${JSON.stringify(now)}`);
  }
  return parts.join('; ');
}

/** Admin only: every staff action, newest first, filtered by user, action and UK date range. */
export function StaffAudit() {
  const users = useStaffUsers();
  const [form, setForm] = useState({ user: '', action: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({ page: 1 });
  const audit = useStaffAudit(filter);

  function apply(event: React.FormEvent) {
    event.preventDefault();
    setFilter({
      page: 1,
      ...(form.user ? { staff_user_id: Number(form.user) } : {}),
      ...(isAuditAction(form.action) ? { action: form.action } : {}),
      ...(form.from ? { from: ukDayStart(form.from) } : {}),
      ...(form.to ? { to: ukDayStart(addDays(form.to, 1)) } : {}),
    });
  }

  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.page_size)) : 1;
  return (
    <div className={styles.page}>
      <div className={styles['page-head']}>
        <h1>Audit log</h1>
      </div>
      <form className={styles.filters} onSubmit={apply} aria-label="Filter the audit log">
        <label>
          Staff user
          <select value={form.user} onChange={(event) => setForm({ ...form, user: event.target.value })}>
            <option value="">Everyone</option>
            {users.data?.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Action
          <select value={form.action} onChange={(event) => setForm({ ...form, action: event.target.value })}>
            <option value="">Every action</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input
            type="date"
            value={form.from}
            onChange={(event) => setForm({ ...form, from: event.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={form.to}
            onChange={(event) => setForm({ ...form, to: event.target.value })}
          />
        </label>
        <Button type="submit" size="sm">
          Show
        </Button>
      </form>
      {audit.isPending ? (
        <Spinner label="Loading the audit log..." />
      ) : audit.isError ? (
        <Alert type="error" title="The audit log could not be loaded">
          <p>{userMessage(audit.error, 'Please check the filter and try again.')}</p>
        </Alert>
      ) : (
        <>
          <p role="status" className={styles.count}>
            {audit.data.total === 0
              ? 'No entries match.'
              : `${audit.data.total} ${audit.data.total === 1 ? 'entry' : 'entries'}, page ${audit.data.page} of ${pages}`}
          </p>
          {audit.data.entries.length > 0 ? (
            <div className={styles['table-wrap']}>
              <table className={styles.table}>
                <caption className="visually-hidden">Audit log entries</caption>
                <thead>
                  <tr>
                    <th scope="col">When (UK)</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">On</th>
                    <th scope="col">Change</th>
                  </tr>
                </thead>
                <tbody>
                  {audit.data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className={styles.nowrap}>{WHEN.format(new Date(entry.at))}</td>
                      <td>{entry.staff_name ?? ACTOR_NAMES[entry.actor] ?? entry.actor}</td>
                      <td>
                        <code>{entry.action}</code>
                      </td>
                      <td>{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}` : '—'}</td>
                      <td className={styles.change}>{changes(entry.before, entry.after) || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <nav className={styles.pager} aria-label="Audit log pages">
            <Button
              size="sm"
              variant="secondary"
              disabled={filter.page <= 1}
              onClick={() => setFilter({ ...filter, page: filter.page - 1 })}
            >
              Newer
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={filter.page >= pages}
              onClick={() => setFilter({ ...filter, page: filter.page + 1 })}
            >
              Older
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
