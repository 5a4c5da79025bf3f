import { useRef, type ReactNode } from 'react';
import { useScrollFocus } from '@salon/shared';

/** A toast's text: it scrolls when long, and then can be reached with the keyboard to read it all. */
export function ToastMessage({ children }: { children: ReactNode }) {
  const box = useRef<HTMLParagraphElement>(null);
  useScrollFocus(box);
  return (
    <p ref={box} className="salon-toast__message">
      {children}
    </p>
  );
}
