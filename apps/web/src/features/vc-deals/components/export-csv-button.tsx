import { ExportButton } from '@/components/ui/export-button';
import { exportDealsCsv } from '../api/export-csv';
import type { PipelineView } from '../lib/filters';

/** Export CSV of what the pipeline shows; the success toast only once the file arrived. */
export function ExportCsvButton({ view }: { view: PipelineView }) {
  return <ExportButton download={() => exportDealsCsv(view)} done="CSV exported successfully" failed="Could not export the CSV. Please try again." />;
}
