import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="space-y-2">
          <Logo />
          <p className="max-w-sm text-sm text-slate-500">Investor-fit scoring for founders. Deal scoring and triage for venture funds.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-1 text-sm font-medium text-slate-600 [&>a]:inline-flex [&>a]:min-h-10 [&>a]:items-center">
          <Link to={paths.howItWorks} className="hover:text-slate-900">How it Works</Link>
          <Link to={paths.features} className="hover:text-slate-900">Features</Link>
          <Link to={paths.pricing} className="hover:text-slate-900">Pricing</Link>
          <Link to={paths.terms} className="hover:text-slate-900">Terms</Link>
          <Link to={paths.privacy} className="hover:text-slate-900">Privacy</Link>
          <Link to={paths.contact} className="hover:text-slate-900">Contact</Link>
        </nav>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-600">© {year} FitScore. All rights reserved.</p>
    </footer>
  );
}
