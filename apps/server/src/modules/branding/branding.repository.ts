import type { FundPlanId } from '@fitscore/contracts';
import { fundBranding, funds, repository } from '@fitscore/db';
import { and, eq, ne } from 'drizzle-orm';

export type BrandingRow = typeof fundBranding.$inferSelect;

/** A fund as its brand needs it: its plan (Enterprise applies the brand), slug and name. */
export interface BrandedFund {
  id: string;
  plan: FundPlanId;
  slug: string;
  fundName: string;
  branding: BrandingRow | null;
}

/** The one writer of fund_branding; funds are only read. */
export const createBrandingRepository = repository((db) => {
  async function fundWhere(where: ReturnType<typeof eq>): Promise<BrandedFund | undefined> {
    const [row] = await db
      .select({ id: funds.id, plan: funds.plan, slug: funds.slug, fundName: funds.fundName, branding: fundBranding })
      .from(funds)
      .leftJoin(fundBranding, eq(fundBranding.fundId, funds.id))
      .where(where);
    return row;
  }

  return {
    fund: (fundId: string) => fundWhere(eq(funds.id, fundId)),
    fundBySlug: (slug: string) => fundWhere(eq(funds.slug, slug)),

    /** The fund whose apply page is served under this host. */
    async fundByHost(host: string): Promise<BrandedFund | undefined> {
      const [row] = await db.select({ fundId: fundBranding.fundId }).from(fundBranding).where(eq(fundBranding.customHost, host));
      return row ? fundWhere(eq(funds.id, row.fundId)) : undefined;
    },

    /** Whether another fund already serves its apply page under this host. */
    async hostTaken(fundId: string, host: string): Promise<boolean> {
      const rows = await db
        .select({ fundId: fundBranding.fundId })
        .from(fundBranding)
        .where(and(eq(fundBranding.customHost, host), ne(fundBranding.fundId, fundId)));
      return rows.length > 0;
    },

    async save(fundId: string, userId: string, values: Pick<BrandingRow, 'displayName' | 'primaryColor' | 'hidePoweredBy' | 'customHost'>): Promise<void> {
      const set = { ...values, updatedAt: new Date(), updatedBy: userId };
      await db.insert(fundBranding).values({ fundId, ...set }).onConflictDoUpdate({ target: fundBranding.fundId, set });
    },

    /** Sets (or clears) the logo; answers the key it replaced, whose blob the caller removes. */
    async setLogo(fundId: string, userId: string, logo: { key: string; type: string } | null): Promise<string | null> {
      const [before] = await db.select({ key: fundBranding.logoKey }).from(fundBranding).where(eq(fundBranding.fundId, fundId));
      const set = { logoKey: logo?.key ?? null, logoType: logo?.type ?? null, updatedAt: new Date(), updatedBy: userId };
      await db.insert(fundBranding).values({ fundId, ...set }).onConflictDoUpdate({ target: fundBranding.fundId, set });
      return before?.key ?? null;
    },
  };
});
export type BrandingRepository = ReturnType<typeof createBrandingRepository>;
