import { AUDIT_ACTIONS, type AuditAction } from '@links/shared/schemas/staff';
import { addDays, londonWallTimeToUtc } from '@links/shared/uk-time';
import { useState } from 'react';
import { type AuditFilter, useStaffAudit, useStaffUsers } from '../api/staff-api';
import styles from './staff.module.css';
import {
  DataTable,
  FilterField,
  FilterForm,
  Loaded,
  Options,
  optionsOf,
  Pager,
  pageCount,
  StaffPage,
  useDraft,
} from './staff-kit';

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
  const { draft: form, control } = useDraft({ user: '', action: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({ page: 1 });
  const audit = useStaffAudit(filter);

  function apply() {
    setFilter({
      page: 1,
      ...(form.user ? { staff_user_id: Number(form.user) } : {}),
      ...(isAuditAction(form.action) ? { action: form.action } : {}),
      ...(form.from ? { from: ukDayStart(form.from) } : {}),
      ...(form.to ? { to: ukDayStart(addDays(form.to, 1)) } : {}),
    });
  }

  const pages = pageCount(audit.data);
  return (
    <StaffPage title="Audit log">
      <FilterForm label="Filter the audit log" onApply={apply}>
        <FilterField label="Staff user" {...control('user')}>
          <option value="">Everyone</option>
          {users.data?.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </FilterField>
        <FilterField label="Action" {...control('action')}>
          <option value="">Every action</option>
          <Options options={optionsOf(AUDIT_ACTIONS, actionLabel)} />
        </FilterField>
        <FilterField label="From" type="date" {...control('from')} />
        <FilterField label="To" type="date" {...control('to')} />
      </FilterForm>
      <Loaded
        query={audit}
        loading="Loading the audit log..."
        failed="The audit log could not be loaded"
        hint="Please check the filter and try again."
      >
        {(data) => (
          <>
            <p role="status" className={styles.count}>
              {data.total === 0
                ? 'No entries match.'
                : `${data.total} ${data.total === 1 ? 'entry' : 'entries'}, page ${data.page} of ${pages}`}
            </p>
            {data.entries.length > 0 ? (
              <div className={styles['table-wrap']}>
                <DataTable
                  caption="Audit log entries"
                  columns={['When (UK)', 'Who', 'Action', 'On', 'Change']}
                >
                  {data.entries.map((entry) => (
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
                </DataTable>
              </div>
            ) : null}
            <Pager
              label="Audit log pages"
              page={filter.page}
              pages={pages}
              onPage={(next) => setFilter({ ...filter, page: next })}
            />
          </>
        )}
      </Loaded>
    </StaffPage>
  );
}
