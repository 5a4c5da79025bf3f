import { atom, readonlyType, type ReadableAtom } from 'nanostores';
import { $locale, $parameters, pickLocalized, request } from '@salon/shared';
import type { ShareAnswer, ShareBody } from '@salon/shared/contracts/forms';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '@salon/shared/forms';

export { SOCIAL_PLATFORMS, type SocialPlatform };

/** What is shared (spec §3 App parameters): the social title and description in the page's language, the image. */
export function shareBody(platform: SocialPlatform): ShareBody {
  const parameters = $parameters.get();
  const { locale } = $locale.get();
  return {
    title: pickLocalized(locale, parameters.social_title, parameters.social_title_en),
    description: pickLocalized(locale, parameters.social_description, parameters.social_description_en),
    image: parameters.social_image,
    platform,
  };
}

/** Only a web address is opened: the sharer's, never a `javascript:` one. */
function isWebAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const address = new URL(value);
    return address.protocol === 'https:' || address.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface ShareStore {
  /** The platform whose sharer address is being asked for, or null. */
  $pending: ReadableAtom<SocialPlatform | null>;
  /** Call in the click itself: the window opens before the server answers. */
  share(platform: SocialPlatform): Promise<boolean>;
}

/**
 * A blank window opened now, while the click's user activation lasts (after awaiting the server it has expired and
 * Safari and Chromium's popup blocker refuse the window), cut off from this page: `noopener` would make
 * `window.open` return null, so the opener is dropped by hand. Null when the browser blocked it.
 */
function openBlankWindow(): Window | null {
  const opened = window.open('about:blank', '_blank');
  if (opened) opened.opener = null;
  return opened;
}

/**
 * The social share (spec §2.4, §7 `POST /api/partages`): opens a blank window in the click, asks the server for
 * the platform's sharer address, then sends the window there; on a failure the window closes. A failure is
 * toasted by the API client.
 */
export function createShareStore(): ShareStore {
  const $pending = atom<SocialPlatform | null>(null);
  async function share(platform: SocialPlatform): Promise<boolean> {
    if ($pending.get() !== null) return false;
    const popup = openBlankWindow();
    $pending.set(platform);
    try {
      const answer = await request<ShareAnswer>('POST', '/api/partages', { json: shareBody(platform) });
      if (!isWebAddress(answer?.url)) {
        console.error('[salon] POST /api/partages gave no sharer address', answer);
        popup?.close();
        return false;
      }
      // The visitor closed it meanwhile: they changed their mind.
      if (popup?.closed) return false;
      if (popup) popup.location.replace(answer.url);
      else window.open(answer.url, '_blank', 'noopener');
      return true;
    } catch {
      // The API client has logged and toasted it.
      popup?.close();
      return false;
    } finally {
      $pending.set(null);
    }
  }
  return { $pending: readonlyType($pending), share };
}
