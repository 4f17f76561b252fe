import type { OperatorSession } from '@links/shared';
import type { Operator } from '../operators/operators.repository.ts';

/**
 * The answer of GET /v1/user and POST /v1/login: the person's id and password state, the company's name and terms
 * (the same row for a company's own account; a colleague's company otherwise).
 */
export function operatorSessionView({
  operator,
  user,
}: {
  operator: Operator;
  user: Operator;
}): OperatorSession {
  return {
    id: user.id,
    ID: user.id,
    company_name: operator.companyName,
    status: user.status,
    deposit_amount: operator.depositAmount,
    password_change_required: user.passwordMustChange,
    trade_discount_percent: operator.tradeDiscountPercent,
  };
}
