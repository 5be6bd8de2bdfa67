import type { Deal } from '@fitscore/contracts';

/** How a deal arrived, as the investor's screens name it. */
export const SOURCE_LABELS: Record<Deal['source'], string> = {
  upload: 'Upload',
  form: 'Form',
  email: 'Email',
  webhook: 'Webhook',
  platform: 'Platform',
  import: 'Import',
};

/** Chart colours per source (the same order everywhere). */
export const SOURCE_COLORS: Record<Deal['source'], string> = {
  upload: '#4f46e5',
  form: '#0ea5e9',
  email: '#f59e0b',
  webhook: '#10b981',
  platform: '#ec4899',
  import: '#64748b',
};
