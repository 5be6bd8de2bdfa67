import { SAVED_VIEW_NAME_MAX, type SavedView, type SavedViewState } from '@fitscore/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateView, useDeleteView, useSetDefaultView, useUpdateView } from '../api/saved-views';

function SaveViewDialog({ open, onClose, onSave, busy }: { open: boolean; onClose: () => void; onSave: (name: string, shared: boolean, makeDefault: boolean) => void; busy: boolean }) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [makeDefault, setMakeDefault] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) onSave(name.trim(), shared, makeDefault);
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Save view" description="The filters, search, sort, columns and table or board as they are now.">
      <form onSubmit={submit} className="space-y-4">
        <Field label="View name" required>
          {(ids) => <Input {...ids} value={name} onChange={(e) => setName(e.target.value)} maxLength={SAVED_VIEW_NAME_MAX} />}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
          Share with the fund
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
          Open the pipeline with this view
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !name.trim()}>
            Save view
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Saved views (issue 31 point 2): pick one to apply it, save the pipeline as it is, share or
 * delete one's own, and choose the one the pipeline opens with.
 */
export function SavedViewsMenu({
  views,
  defaultViewId,
  activeId,
  current,
  onApply,
}: {
  views: SavedView[];
  defaultViewId: string | null;
  activeId: string | null;
  current: SavedViewState;
  onApply: (view: SavedView) => void;
}) {
  const toast = useToast();
  const create = useCreateView();
  const update = useUpdateView();
  const remove = useDeleteView();
  const setDefault = useSetDefaultView();
  const [saving, setSaving] = useState(false);
  const active = views.find((v) => v.id === activeId) ?? null;
  const failed = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        aria-label="Saved views"
        className="h-9 w-48 text-sm"
        value={active?.id ?? ''}
        onChange={(e) => {
          const view = views.find((v) => v.id === e.target.value);
          if (view) onApply(view);
        }}
      >
        <option value="">Saved views…</option>
        {views.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
            {v.shared ? ' (shared)' : ''}
            {v.id === defaultViewId ? ' · default' : ''}
          </option>
        ))}
      </Select>
      <Button size="sm" variant="secondary" onClick={() => setSaving(true)}>
        Save view
      </Button>
      {active ? (
        active.id === defaultViewId ? (
          <Button size="sm" variant="ghost" onClick={() => setDefault.mutate(null, { onError: failed('Could not change your default view.') })}>
            Remove as default
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setDefault.mutate(active.id, { onSuccess: () => toast.success(`${active.name} is now your default view`), onError: failed('Could not change your default view.') })}
          >
            Make default
          </Button>
        )
      ) : null}
      {active?.mine && !active.builtIn ? (
        <>
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              update.mutate(
                { id: active.id, body: { shared: !active.shared } },
                { onSuccess: () => toast.success(active.shared ? `${active.name} is private now` : `${active.name} is shared with the fund`), onError: failed('Could not change the view.') },
              )
            }
          >
            {active.shared ? 'Stop sharing' : 'Share with the fund'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => remove.mutate(active.id, { onSuccess: () => toast.success(`View ${active.name} deleted`), onError: failed('Could not delete the view.') })}
          >
            Delete view
          </Button>
        </>
      ) : null}
      {saving ? (
        <SaveViewDialog
          open
          busy={create.isPending}
          onClose={() => setSaving(false)}
          onSave={(name, shared, makeDefault) =>
            create.mutate(
              { name, shared, state: current },
              {
                onSuccess: ({ view }) => {
                  setSaving(false);
                  toast.success(`View ${view.name} saved`);
                  onApply(view);
                  if (makeDefault) setDefault.mutate(view.id, { onError: failed('Could not change your default view.') });
                },
                onError: failed('Could not save the view. Please try again.'),
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
