import type { ReactNode } from 'react';

export function AuthPageFrame({ title, subtitle, children, wide }: { title: string; subtitle: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-12 sm:py-16">
      <div className={wide ? 'mx-auto max-w-2xl' : 'mx-auto max-w-md'}>
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 mb-8 text-center text-slate-600">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}
