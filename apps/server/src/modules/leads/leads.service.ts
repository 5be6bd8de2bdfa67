import type { ContactSalesSchema } from '@fitscore/contracts';
import type { z } from 'zod';
import type { LeadsRepository } from './leads.repository.ts';

export function createLeadsService(repo: LeadsRepository) {
  return {
    async contactSales(input: z.output<typeof ContactSalesSchema>, ip: string) {
      await repo.insert({ ...input, ip });
      return { ok: true as const };
    },
  };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
