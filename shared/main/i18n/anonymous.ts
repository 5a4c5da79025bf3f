import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/**
 * The one line a list of people gives its anonymous visitors, who have no name to tell them apart ("3 anonymous
 * visitors", "3 visiteurs anonymes"): the stand's visitors in the activity stream, who is in the room on
 * /organisateur. One message, so that both lists say it alike.
 */
export function anonymousVisitors(anonymous: number): MessageDescriptor {
  return msg`${plural(anonymous, { one: '# anonymous visitor', other: '# anonymous visitors' })}`;
}
