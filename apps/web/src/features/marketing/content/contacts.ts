/** Where people reach us; shown on Contact, Terms and Privacy. */
export const CONTACT_EMAILS = {
  support: 'support@fitscore.app',
  sales: 'sales@fitscore.app',
  privacy: 'privacy@fitscore.app',
  legal: 'legal@fitscore.app',
} as const;

/** When Terms and Privacy last changed; update it with every edit to either. */
export const POLICIES_UPDATED = 'November 23, 2026';
