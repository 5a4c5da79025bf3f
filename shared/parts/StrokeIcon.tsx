/**
 * An inline icon (24×24, stroked along `path`): no icon font, no emoji glyph (not every system has the font), a few
 * bytes each. Always decorative (`aria-hidden`): the control's text or label names it.
 */
export function StrokeIcon({ path, className, strokeWidth }: { path: string; className?: string; strokeWidth: number }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
