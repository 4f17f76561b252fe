import type { OperatorSession } from '@links/shared';
import type { Operator } from '../operators/operators.repository.ts';

/** The answer of GET /v1/user and POST /v1/login. */
export function operatorSessionView(operator: Operator): OperatorSession {
  return {
    id: operator.id,
    ID: operator.id,
    company_name: operator.companyName,
    status: operator.status,
    deposit_amount: operator.depositAmount,
    password_change_required: operator.passwordMustChange,
    trade_discount_percent: operator.tradeDiscountPercent,
  };
}
