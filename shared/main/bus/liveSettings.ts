import { atom, readonlyType } from 'nanostores';
import type { LIVE_SETTINGS_EVENT as LiveSettingsEvent } from '@salon/shared/contracts/settings';
import type { StreamData } from '@salon/shared/contracts/room';
import { normalizePageData } from '../page-data/parse';
import type { Features } from '@salon/shared/contracts/page-data';
import { busSingleton } from '../singleton';
import { $pageData, isFeatureOn, replacePageSettings } from './pageData';
import { $sidebar, hideSidebar } from './sidebar';

/** The schema's event name, checked against it at compile time (a value import would bundle TypeBox). */
export const LIVE_SETTINGS_EVENT: typeof LiveSettingsEvent = 'liveSettings';

/**
 * The live stream as the live activity last said (spec §2.2), or null until it has said anything (the room then asks
 * `GET /api/stream/active`).
 */
const state = busSingleton('liveStream', () => ({ $liveStream: atom<StreamData | null>(null) }));
export const $liveStream = readonlyType(state.$liveStream);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const urlOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function streamOf(value: unknown): StreamData | null {
  if (!isRecord(value) || typeof value.active !== 'boolean') return null;
  return { active: value.active, video_url: urlOrNull(value.video_url), chat_url: urlOrNull(value.chat_url) };
}

function featuresOf(value: unknown): Features | null {
  if (!isRecord(value)) return null;
  const features: Features = {};
  for (const [name, flag] of Object.entries(value)) if (flag === '0' || flag === '1') features[name] = flag;
  return features;
}

/**
 * A `liveSettings` event (an administrator changed the salon's settings; also sent with the first state): the page
 * data's parameters (the viewer's `auth` kept), feature flags and `is_streaming` are replaced, so every widget that
 * reads them follows (room names, styles, journey flag); the stream goes to `$liveStream`. The room state is kept.
 * The journey switched off closes the journey sidebar if it is open (its button is gone).
 * A part that is missing or malformed is left as it was.
 */
export function applyLiveSettings(value: unknown): void {
  if (!isRecord(value)) return;
  const current = $pageData.get();
  const stream = streamOf(value.stream);
  const features = featuresOf(value.features);
  const parameters = isRecord(value.parameters)
    ? normalizePageData({ parameters: { ...current.parameters, ...value.parameters, auth: current.parameters.auth } }).parameters
    : null;
  replacePageSettings({
    ...(parameters ? { parameters } : {}),
    ...(features ? { features } : {}),
    ...(stream ? { is_streaming: stream.active } : {}),
  });
  if (features && !isFeatureOn(features, 'journey') && $sidebar.get()?.name === 'journey') hideSidebar();
  if (stream) {
    const known = state.$liveStream.get();
    if (!known || known.active !== stream.active || known.video_url !== stream.video_url || known.chat_url !== stream.chat_url)
      state.$liveStream.set(stream);
  }
}

/** The event's text as the stream delivers it; unreadable JSON is logged and ignored. */
export function receiveLiveSettings(data: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    console.error('[salon] unreadable live settings event', error);
    return;
  }
  applyLiveSettings(parsed);
}

/** Tests and stories: forget what the live activity said. */
export function resetLiveSettings(): void {
  state.$liveStream.set(null);
}
