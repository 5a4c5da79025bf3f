/**
 * An inline icon drawn by one stroked path in a 24×24 box, shown 20 px wide: no icon font, a few bytes an icon (each
 * widget keeps the paths of its own icons). Always decorative: the text or the button's label names the control.
 */
export function StrokeIcon({ path, strokeWidth, className }: { path: string; strokeWidth: number; className?: string }) {
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
