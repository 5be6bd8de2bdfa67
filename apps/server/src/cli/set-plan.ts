import type { DatabaseHandle } from '@fitscore/db';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig, type AppConfig } from '../config/env.ts';
import { createBillingRepository } from '../modules/billing/billing.repository.ts';
import { setPlanByOperator } from '../modules/billing/operator-plans.ts';
import { consoleOutput, openCliDatabase, type CliOutput } from './cli-database.ts';

const USAGE = [
  'Usage:',
  '  npm run plan:set -- --founder <email> --plan premium|free',
  '  npm run plan:set -- --fund <slug|id> --plan pro|trial',
  'Sets a plan with no payment (the way plans change when Stripe is not configured).',
  'On the embedded database, stop the server first: it is one process’s at a time.',
].join('\n');

/**
 * `npm run plan:set`: an operator puts a founder or a fund on a plan, on a server that takes no
 * payments (with Stripe configured, plans change only through Stripe). Exit code 0 on success, 1 otherwise.
 */
export async function setPlanCli(
  args: string[],
  options: { config?: AppConfig; database?: DatabaseHandle; out?: CliOutput } = {},
): Promise<number> {
  const out = options.out ?? consoleOutput;
  let values: { founder?: string; fund?: string; plan?: string };
  try {
    ({ values } = parseArgs({ args, options: { founder: { type: 'string' }, fund: { type: 'string' }, plan: { type: 'string' } }, strict: true }));
  } catch (err) {
    out.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  if (!values.plan || Boolean(values.founder) === Boolean(values.fund)) {
    out.error(USAGE);
    return 1;
  }
  const config = options.config ?? loadConfig();
  if (config.stripe) {
    out.error('Stripe is configured on this server: plans change only through Stripe (Checkout, the Billing Portal or the Stripe dashboard), whose signed webhooks update FitScore.');
    return 1;
  }
  const database = options.database ?? (await openCliDatabase(config));
  try {
    const target = values.founder ? { founder: values.founder } : { fund: values.fund! };
    const result = await setPlanByOperator(createBillingRepository(database.db), target, values.plan);
    (result.ok ? out.log : out.error)(result.message);
    return result.ok ? 0 : 1;
  } finally {
    if (!options.database) await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  setPlanCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
