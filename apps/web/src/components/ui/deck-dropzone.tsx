import { FileUp, UploadCloud } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export const MAX_DECK_BYTES = 10 * 1024 * 1024;
const ACCEPT = '.pdf,.ppt,.pptx,application/pdf,application/vnd.ms-powerpoint,application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** The spec's client-side checks; the server checks the content again. */
export function checkDeckFile(file: File): string | null {
  if (!/\.(pdf|pptx?)$/i.test(file.name)) return 'Please upload a PDF or PowerPoint file';
  if (file.size >= MAX_DECK_BYTES) return 'File size must be less than 10MB';
  return null;
}

export function DeckDropzone({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(e.dataTransfer.files);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="deck-dropzone"
      className={cn(
        'flex flex-col items-center justify-center gap-4 rounded-2xl border-2 border-dashed bg-white px-6 py-12 text-center transition-colors',
        dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300',
      )}
    >
      <span className="rounded-full bg-brand-50 p-4 text-brand-700">
        <UploadCloud className="h-8 w-8" aria-hidden="true" />
      </span>
      <div>
        <p className="text-lg font-semibold text-slate-900">Drag and drop your pitch deck here</p>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          PDF or PowerPoint (.pdf, .ppt, .pptx), less than 10MB
        </p>
      </div>
      <Button onClick={() => input.current?.click()} disabled={disabled} aria-describedby={hintId}>
        <FileUp className="h-4 w-4" aria-hidden="true" />
        Choose File
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        aria-label="Pitch deck file"
        tabIndex={-1}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}
