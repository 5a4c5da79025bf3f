import { StrokeIcon } from '@salon/shared';

/** The chat's icons, one `StrokeIcon` path each (no emoji glyphs: not every system has the font). */
const PATHS = {
  back: 'M15 5l-7 7 7 7',
  video: 'M3 7h12v10H3zM15 10l6-3v10l-6-3',
  phone: 'M5 4h4l2 5-3 2a11 11 0 005 5l2-3 5 2v4a2 2 0 01-2 2A17 17 0 013 6a2 2 0 012-2',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  attach: 'M20 12l-8 8a5 5 0 01-7-7l9-9a3 3 0 014 4l-9 9a1 1 0 01-2-2l8-8',
  emoji: 'M12 3a9 9 0 100 18 9 9 0 000-18zM8 14a5 5 0 008 0M9 9h.01M15 9h.01',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return <StrokeIcon path={PATHS[name]} strokeWidth={1.8} />;
}
