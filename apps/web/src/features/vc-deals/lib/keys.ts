import type { DealStatus } from '@fitscore/contracts';

/** True while the user is typing somewhere: shortcuts must leave those keys alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'file', 'color'].includes(type);
}

/** A shortcut applies to the page only when no key modifier is held, nobody types and no dialog is open. */
export function shortcutAllowed(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
  if (isTypingTarget(event.target)) return false;
  return document.querySelector('[role="dialog"][data-state="open"]') === null;
}

export const STATUS_KEYS: Record<string, DealStatus> = { '1': 'hot', '2': 'track', '3': 'cold' };
