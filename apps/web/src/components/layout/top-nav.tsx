import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';

export interface NavItem {
  label: string;
  to: string;
}

export interface TopNavProps {
  items: NavItem[];
  /** Where the logo leads. */
  homeTo: string;
  /** Shown as the last item; a button (Sign Out) rather than a link. */
  onSignOut?: () => void;
  /** A link styled as the call to action (Sign In on public pages). */
  cta?: NavItem;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

/** The top bar: links with the active one highlighted, and a phone menu collapsed by default. */
export function TopNav({ items, homeTo, onSignOut, cta }: TopNavProps) {
  const location = useLocation();
  // The phone menu is open only for the page it was opened on: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open phone menu and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const signOut = onSignOut ? (
    <button type="button" onClick={onSignOut} className={cn(linkClass({ isActive: false }), 'inline-flex items-center gap-1.5')}>
      <LogOut className="h-4 w-4" aria-hidden="true" />
      Sign Out
    </button>
  ) : null;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8" aria-label="Main">
        <Link to={homeTo} className="rounded-lg" aria-label="FitScore home">
          <Logo />
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass} end>
              {item.label}
            </NavLink>
          ))}
          {cta ? (
            <NavLink
              to={cta.to}
              className={({ isActive }) =>
                cn('ml-2 rounded-lg px-4 py-2 text-sm font-semibold', isActive ? 'bg-brand-700 text-white' : 'bg-brand-600 text-white hover:bg-brand-700')
              }
            >
              {cta.label}
            </NavLink>
          ) : null}
          {signOut}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenOn(open ? null : location.key)}
        >
          {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </nav>
      <div id={menuId} hidden={!open} className="border-t border-slate-200 bg-white md:hidden">
        <div className="flex flex-col gap-1 px-4 py-3 [&>*]:min-h-11 [&>*]:py-3">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass} end>
              {item.label}
            </NavLink>
          ))}
          {cta ? (
            <NavLink to={cta.to} className={linkClass}>
              {cta.label}
            </NavLink>
          ) : null}
          {signOut}
        </div>
      </div>
    </header>
  );
}
