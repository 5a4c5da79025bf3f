import { StrokeIcon } from '@salon/shared';

/** The top bar's icons, one `StrokeIcon` path each (More's three dots drawn thicker). */
const PATHS = {
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  journey: 'M5 21V4M5 4h12l-2 4 2 4H5',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14',
  conference: 'M3 4h18M4 4v11h16V4M12 15v5M8 20h8',
  activity: 'M3 12h4l3-8 4 16 3-8h4',
  feedback: 'M4 5h16v11H9l-5 4z',
  chat: 'M3 4h13v9H8l-5 4zM8 16v2h8l5 3V9h-3',
  sound: 'M4 9v6h4l5 4V5L8 9zM16 9a4 4 0 010 6M18.5 6.5a8 8 0 010 11',
  muted: 'M4 9v6h4l5 4V5L8 9zM16 9l5 6M21 9l-5 6',
  more: 'M12 5h.01M12 12h.01M12 19h.01',
  language: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  account: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  share: 'M18 8a3 3 0 100-6 3 3 0 000 6zM6 15a3 3 0 100-6 3 3 0 000 6zM18 22a3 3 0 100-6 3 3 0 000 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  fullscreen: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  document: 'M6 3h9l4 4v14H6zM14 3v5h5',
  capture: 'M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M9 12a3 3 0 106 0 3 3 0 00-6 0',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  news: 'M4 5h13v14H6a2 2 0 01-2-2zM17 9h3v8a2 2 0 01-2 2M7 9h7M7 13h7M7 17h4',
  logout: 'M10 4H5v16h5M14 8l4 4-4 4M18 12H9',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return <StrokeIcon className="salon-top-bar__icon" path={PATHS[name]} strokeWidth={name === 'more' ? 3 : 2} />;
}
