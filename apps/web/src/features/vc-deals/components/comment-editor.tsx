import { COMMENT_MAX_CHARS, type FundMember } from '@fitscore/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { fromWire, matchMembers, mentionName, mentionQuery, toWire, type Mentionable } from '../lib/mentions';

interface Suggesting {
  start: number;
  query: string;
  active: number;
}

/**
 * The comment box: Markdown-light text with an @ autocomplete of the fund's members (a combobox:
 * typing `@` opens the listbox, arrows move, Enter or Tab picks, Escape closes). The box shows
 * `@Name`; what is sent carries the member's id (`@[Name](id)`), which the server resolves.
 */
export function CommentEditor({
  label,
  members,
  initial = '',
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  focusOnOpen,
}: {
  label: string;
  members: FundMember[];
  /** The stored body when editing. */
  initial?: string;
  submitLabel: string;
  busy: boolean;
  /** Resolves when saved (the box is cleared); rejects to keep the text. */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  /** Edit opened it: the caret goes to the end of the text. */
  focusOnOpen?: boolean;
}) {
  const start = fromWire(initial);
  const [text, setText] = useState(start.text);
  const [chosen, setChosen] = useState<Mentionable[]>(start.chosen);
  const [suggest, setSuggest] = useState<Suggesting | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const listId = `${id}-members`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    if (!focusOnOpen || !box.current) return;
    const end = box.current.value.length;
    box.current.focus();
    box.current.setSelectionRange(end, end);
  }, [focusOnOpen]);

  const options = suggest ? matchMembers(members, suggest.query) : [];
  const open = suggest !== null && options.length > 0;

  const follow = (value: string, caret: number) => {
    const q = mentionQuery(value, caret);
    setSuggest(q ? { ...q, active: 0 } : null);
  };

  const pick = (member: FundMember) => {
    if (!suggest) return;
    const name = mentionName(member);
    const caret = box.current?.selectionStart ?? text.length;
    const next = `${text.slice(0, suggest.start)}@${name} ${text.slice(caret)}`;
    const at = suggest.start + name.length + 2;
    setText(next);
    setChosen((c) => (c.some((m) => m.id === member.id) ? c : [...c, { id: member.id, name }]));
    setSuggest(null);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(at, at);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && suggest) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setSuggest({ ...suggest, active: (suggest.active + step + options.length) % options.length });
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(options[suggest.active]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setSuggest(null);
        return;
      }
    }
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      void submit();
    }
  };

  const submit = async () => {
    const body = toWire(text.trim(), chosen);
    if (!body) return;
    try {
      await onSubmit(body);
      setText('');
      setChosen([]);
    } catch {
      /* the caller said why; the text stays */
    }
  };

  const over = text.length > COMMENT_MAX_CHARS;
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Textarea
          ref={box}
          id={id}
          rows={3}
          value={text}
          placeholder="Add a comment. Type @ to mention a colleague."
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && suggest ? `${listId}-${suggest.active}` : undefined}
          aria-describedby={hintId}
          aria-invalid={over || undefined}
          onChange={(e) => {
            setText(e.target.value);
            follow(e.target.value, e.target.selectionStart);
          }}
          onSelect={(e) => follow(e.currentTarget.value, e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setSuggest(null)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Fund members"
          className={cn(
            'absolute left-0 z-20 mt-1 max-h-56 w-full max-w-xs overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg',
            !open && 'hidden',
          )}
        >
          {options.map((m, i) => (
            <li
              key={m.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={suggest?.active === i}
              className={cn(
                'cursor-pointer px-3 py-1.5 text-sm',
                suggest?.active === i ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-50',
              )}
              // Chosen before the box loses focus.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(m);
              }}
            >
              <span className="font-medium">{mentionName(m)}</span>
              {m.name ? <span className="ml-2 text-xs text-slate-500">{m.email}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className={cn('text-xs', over ? 'font-medium text-red-600' : 'text-slate-500')}>
          **bold**, *italic*, `code`, [link](https://…) · {text.length}/{COMMENT_MAX_CHARS}
        </p>
        <div className="ml-auto flex gap-2">
          {onCancel ? (
            <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={busy || !text.trim() || over}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
