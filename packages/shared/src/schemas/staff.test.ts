import { describe, expect, it } from 'vitest';
import { fieldMessagesOf } from '../test/issue-messages';
import {
  STAFF_MESSAGES,
  staffAuditQuerySchema,
  staffCodeRequestSchema,
  staffPasswordChangeRequestSchema,
  updateStaffUserRequestSchema,
} from './staff';

describe('staff schemas', () => {
  it('takes six digits as the code, spaces around them trimmed', () => {
    expect(staffCodeRequestSchema.parse({ code: ' 012345 ' })).toEqual({ code: '012345' });
    for (const code of ['12345', '1234567', '12 345', 'abcdef', '１２３４５６']) {
      expect(fieldMessagesOf(staffCodeRequestSchema.safeParse({ code })), code).toEqual({
        code: STAFF_MESSAGES.code,
      });
    }
  });

  it('asks a new staff password for 12 characters of four kinds, typed twice alike', () => {
    const change = (password: string, confirmation = password) =>
      fieldMessagesOf(
        staffPasswordChangeRequestSchema.safeParse({
          current_password: 'x',
          password,
          password_confirmation: confirmation,
        }),
      );
    expect(change('Aa1!aaaaaaaa')).toEqual({});
    expect(change('Aa1!aaaaaaa')).toEqual({ password: STAFF_MESSAGES.criteria });
    expect(change('aa1!aaaaaaaaaa')).toEqual({ password: STAFF_MESSAGES.criteria });
    expect(change('Aa1!aaaaaaaa', 'Aa1!aaaaaaab')).toEqual({
      password_confirmation: STAFF_MESSAGES.mismatch,
    });
  });

  it('needs a role or a status to change, and reads the audit filter from a query string', () => {
    expect(updateStaffUserRequestSchema.safeParse({}).success).toBe(false);
    expect(updateStaffUserRequestSchema.safeParse({ role: 'owner' }).success).toBe(false);
    expect(updateStaffUserRequestSchema.parse({ status: 'disabled' })).toEqual({ status: 'disabled' });
    expect(staffAuditQuerySchema.parse({ staff_user_id: '4', page: '2' })).toEqual({
      staff_user_id: 4,
      page: 2,
      page_size: 50,
    });
    expect(staffAuditQuerySchema.safeParse({ from: '2026-11-26' }).success).toBe(false);
    expect(staffAuditQuerySchema.safeParse({ page_size: '201' }).success).toBe(false);
  });
});
