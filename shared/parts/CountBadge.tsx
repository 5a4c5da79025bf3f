import type { ReactNode } from 'react';
import { VisuallyHidden } from '@salon/shared';

/**
 * A count beside a control's label: the badge is for the eyes (`aria-hidden`), screen readers hear `words` in
 * brackets after the label ("Journey (3 stands to visit)").
 */
export function CountBadge({ count, className, words }: { count: number; className: string; words: ReactNode }) {
  return (
    <>
      <span className={className} aria-hidden="true">
        {count}
      </span>
      <VisuallyHidden>
        {' ('}
        {words}
        {')'}
      </VisuallyHidden>
    </>
  );
}
