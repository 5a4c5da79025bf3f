import type { ReactNode } from 'react';
import './styles';

/** Text for screen readers only (a toast's kind, an icon's meaning). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="salon-visually-hidden">{children}</span>;
}
