import type { ReactNode } from 'react';
import { VisuallyHidden } from './VisuallyHidden';

/**
 * A count on a control, drawn as a badge (`className`) that screen readers skip: they hear `spoken` in brackets after
 * the control's name instead ("Chats (2 new)").
 */
export function CountBadge({ count, className, spoken }: { count: number; className: string; spoken: ReactNode }) {
  return (
    <>
      <span className={className} aria-hidden="true">
        {count}
      </span>
      <VisuallyHidden>
        {' ('}
        {spoken}
        {')'}
      </VisuallyHidden>
    </>
  );
}
