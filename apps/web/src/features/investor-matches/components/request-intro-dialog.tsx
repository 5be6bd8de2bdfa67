import { INTRO_NOTE_MAX } from '@fitscore/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useRequestIntro } from '../api/investor-matches';

/** Request intro: a short note the fund reads with the company's profile and FitScore. */
export function RequestIntroDialog({ fundId, fundName, open, onOpenChange }: { fundId: string; fundName: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [note, setNote] = useState('');
  const request = useRequestIntro();
  const toast = useToast();
  const send = () =>
    request.mutate(
      { fundId, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(`Intro requested from ${fundName}`);
          setNote('');
          onOpenChange(false);
        },
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Request an intro to ${fundName}`}
      description="The fund's team gets your note with your company profile and FitScore. You can ask each fund once every 30 days."
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
        className="space-y-4"
      >
        <Field label="Note to the fund" hint={`Optional · ${note.length}/${INTRO_NOTE_MAX}`}>
          {(ids) => (
            <Textarea
              {...ids}
              rows={4}
              maxLength={INTRO_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Why this fund, and what you are raising for"
            />
          )}
        </Field>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send request'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
