import { createBillingRepository } from '../src/modules/billing/billing.repository.ts';
import { setPlanByOperator, type OperatorTarget } from '../src/modules/billing/operator-plans.ts';
import type { TestServer } from './test-server.ts';

/**
 * Puts a founder (by email) or a fund (by slug or id) on a plan the way an operator's
 * `npm run plan:set` does: for tests whose subject is not how a plan is bought.
 */
export async function setPlan(server: TestServer, target: OperatorTarget, plan: string): Promise<void> {
  const result = await setPlanByOperator(createBillingRepository(server.database.handle.db), target, plan);
  if (!result.ok) throw new Error(result.message);
}
