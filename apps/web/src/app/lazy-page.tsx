import { lazy, type ComponentType, type ReactNode } from 'react';

/** Each page is its own chunk, so a visitor downloads only what they open. */
export function page(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Page = lazy(load);
  return <Page />;
}
