import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * A fund's white-label brand for its public apply page and the emails it sends to founders
 * (Enterprise): a display name, one colour, a logo (a blob), whether 'Powered by FitScore' shows,
 * and the fund's own host name for its apply page (one fund per host).
 */
export const fundBranding = pgTable(
  'fund_branding',
  {
    fundId: uuid('fund_id')
      .primaryKey()
      .references(() => funds.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull().default(''),
    primaryColor: text('primary_color').notNull().default(''),
    logoKey: text('logo_key'),
    logoType: text('logo_type'),
    hidePoweredBy: boolean('hide_powered_by').notNull().default(false),
    /** Lower case; null when the apply page is only served under the product's own host. */
    customHost: text('custom_host'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('fund_branding_host_idx').on(t.customHost)],
);
