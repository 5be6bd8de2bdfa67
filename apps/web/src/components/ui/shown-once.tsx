import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';

/**
 * A secret the server shows once (an API key, a signing secret, a SCIM token): copy it now, then
 * dismiss. `what` names it in the message ('the key for Warehouse sync'); `label` names the field.
 */
export function ShownOnce({ what, label, value, onDone }: { what: string; label: string; value: string; onDone: () => void }) {
  return (
    <div role="status" className="space-y-3 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
      <p className="text-sm font-semibold [overflow-wrap:anywhere] text-emerald-900">Copy {what} now: it is shown only this once.</p>
      <CopyField label={label} value={value} copiedMessage={`${label} copied to clipboard`} />
      <Button variant="secondary" size="sm" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}
