import {
  alertDeliveries,
  apiKeys,
  applicantReplies,
  applicantReplyTemplates,
  auditEvents,
  dealActivity,
  dealComments,
  dealDeclines,
  deals,
  dealScores,
  dealSources,
  dealStatusHistory,
  decks,
  fitScores,
  fundBranding,
  fundDeletions,
  fundIntegrations,
  fundInvites,
  fundMembers,
  funds,
  fundStages,
  fundSubscriptions,
  intakeItems,
  intakeSettings,
  intros,
  notifications,
  scimTokens,
  scoringRuns,
  ssoConnections,
  ssoDomains,
  ssoIdentities,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  blindLookSettings,
  blindLookStages,
  dealBatchItems,
  dealBatches,
  dealImportRows,
  dealImports,
  dealTouches,
  dealVotes,
  followUpReminders,
  followUpRules,
  fundOutreachSettings,
  savedViewDefaults,
  savedViews,
} from '@fitscore/db';
import { eq, getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

/**
 * One table's part of a fund (ADR 0070): which rows are the fund's, and which columns never leave
 * the server (secrets and password hashes). The export reads each table through its entry, a page
 * at a time; the purge deletes the fund's row and these rows go with it (ON DELETE CASCADE), which
 * fund-tables.repository.test.ts checks against the database's own foreign keys.
 */
export interface FundTable {
  table: PgTable;
  /** The fund's rows of the table. */
  scope: (fundId: string) => SQL;
  /** Columns (database names) left out of the archive. */
  omit?: readonly string[];
}

const ofFund = (column: Column) => (fundId: string) => eq(column, fundId);
/** Rows hanging off one of the fund's deals. */
const ofDeal = (column: Column) => (fundId: string) => sql`${column} in (select ${deals.id} from ${deals} where ${deals.fundId} = ${fundId})`;

/**
 * Every table holding a fund's data, in the archive's order. A module that adds such a table adds
 * its entry here (one line); fund-tables.repository.test.ts fails until it does, or until the table is listed
 * in NOT_EXPORTED with the reason.
 */
export const FUND_TABLES: readonly FundTable[] = [
  { table: funds, scope: ofFund(funds.id) },
  { table: fundMembers, scope: ofFund(fundMembers.fundId) },
  // The members' accounts: who they are, never their password hashes.
  {
    table: users,
    scope: (fundId) => sql`${users.id} in (select ${fundMembers.userId} from ${fundMembers} where ${fundMembers.fundId} = ${fundId})`,
    omit: ['password_hash'],
  },
  { table: fundInvites, scope: ofFund(fundInvites.fundId), omit: ['token_hash'] },
  { table: fundStages, scope: ofFund(fundStages.fundId) },
  { table: deals, scope: ofFund(deals.fundId) },
  { table: dealStatusHistory, scope: ofDeal(dealStatusHistory.dealId) },
  { table: dealScores, scope: ofFund(dealScores.fundId) },
  { table: decks, scope: ofDeal(decks.dealId) },
  { table: scoringRuns, scope: ofDeal(scoringRuns.dealId) },
  { table: fitScores, scope: ofDeal(fitScores.dealId) },
  { table: dealComments, scope: ofFund(dealComments.fundId) },
  { table: dealActivity, scope: ofDeal(dealActivity.dealId) },
  { table: dealDeclines, scope: ofDeal(dealDeclines.dealId) },
  { table: dealSources, scope: ofDeal(dealSources.dealId) },
  { table: intakeSettings, scope: ofFund(intakeSettings.fundId), omit: ['email_token', 'webhook_secret_sealed'] },
  { table: intakeItems, scope: ofFund(intakeItems.fundId) },
  { table: applicantReplyTemplates, scope: ofFund(applicantReplyTemplates.fundId) },
  { table: applicantReplies, scope: ofFund(applicantReplies.fundId) },
  { table: intros, scope: ofFund(intros.fundId) },
  { table: notifications, scope: ofFund(notifications.fundId) },
  { table: fundBranding, scope: ofFund(fundBranding.fundId) },
  // Slack and Teams incoming-webhook URLs are credentials: anyone holding one posts to the channel.
  { table: fundIntegrations, scope: ofFund(fundIntegrations.fundId), omit: ['slack_webhook_url', 'teams_webhook_url'] },
  { table: alertDeliveries, scope: ofFund(alertDeliveries.fundId) },
  { table: apiKeys, scope: ofFund(apiKeys.fundId), omit: ['token_hash'] },
  { table: webhookEndpoints, scope: ofFund(webhookEndpoints.fundId), omit: ['secret_sealed', 'previous_secret_sealed'] },
  { table: webhookDeliveries, scope: ofFund(webhookDeliveries.fundId) },
  {
    table: webhookAttempts,
    scope: (fundId) => sql`${webhookAttempts.deliveryId} in (select ${webhookDeliveries.id} from ${webhookDeliveries} where ${webhookDeliveries.fundId} = ${fundId})`,
  },
  { table: ssoConnections, scope: ofFund(ssoConnections.fundId), omit: ['client_secret_sealed'] },
  { table: ssoDomains, scope: ofFund(ssoDomains.fundId) },
  { table: ssoIdentities, scope: ofFund(ssoIdentities.fundId) },
  { table: scimTokens, scope: ofFund(scimTokens.fundId), omit: ['token_hash'] },
  { table: auditEvents, scope: ofFund(auditEvents.fundId) },
  { table: fundSubscriptions, scope: ofFund(fundSubscriptions.fundId) },
  { table: fundDeletions, scope: ofFund(fundDeletions.fundId) },
  { table: savedViews, scope: ofFund(savedViews.fundId) },
  { table: savedViewDefaults, scope: ofFund(savedViewDefaults.fundId) },
  { table: dealBatches, scope: ofFund(dealBatches.fundId) },
  { table: dealBatchItems, scope: ofDeal(dealBatchItems.dealId) },
  { table: followUpRules, scope: ofFund(followUpRules.fundId) },
  { table: followUpReminders, scope: ofFund(followUpReminders.fundId) },
  { table: dealTouches, scope: ofDeal(dealTouches.dealId) },
  { table: dealImports, scope: ofFund(dealImports.fundId) },
  {
    table: dealImportRows,
    scope: (fundId) => sql`${dealImportRows.importId} in (select ${dealImports.id} from ${dealImports} where ${dealImports.fundId} = ${fundId})`,
  },
  { table: fundOutreachSettings, scope: ofFund(fundOutreachSettings.fundId) },
  { table: blindLookSettings, scope: ofFund(blindLookSettings.fundId) },
  { table: blindLookStages, scope: ofFund(blindLookStages.fundId) },
  { table: dealVotes, scope: ofDeal(dealVotes.dealId) },
];

/**
 * Tables that name a fund or a deal but are not the fund's data, with why. They are still deleted
 * with the fund where they cascade (deal_counts, sso_login_states) or age out on their own.
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  deal_counts: 'derived counters, rebuilt from deals',
  fund_archive_links: 'download links of this archive in flight (a minute each, opened once)',
  sso_login_states: 'single sign-ons in flight (ten minutes), holding one-time secrets',
  server_events: 'the live-update push log, kept 24 hours; what it announces is in the other tables',
  share_links: 'a founder’s links to their own reports, never a fund’s',
  deck_links: 'a founder’s protected links to their own deck, never a fund’s',
  deck_link_viewers: 'who opened a founder’s deck link, never a fund’s data',
  deck_link_alerts: 'a founder’s notices of a first open, never a fund’s data',
  deck_link_page_times: 'time a reader spent on a founder’s deck pages, never a fund’s data',
};

/** A table's name, its columns (JavaScript key → database name) and its primary key, for paging. */
export function describeTable(t: FundTable) {
  const name = getTableName(t.table);
  const all = Object.entries(getTableColumns(t.table)).map(([prop, column]) => ({ prop, column, name: column.name }));
  const config = getTableConfig(t.table);
  const primary: Column[] = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
  const key = primary.map((c) => all.find((a) => a.name === c.name)!);
  if (key.length === 0) throw new Error(`${name} has no primary key to page the export by`);
  return { name, columns: all.filter((c) => !t.omit?.includes(c.name)), key };
}
