import { pickLocalized, type LocaleCode } from '@salon/shared';
import type { Notification } from '@salon/shared/notifications';

/**
 * The list item layout of spec §2.11: title, its `at` when there is one, message (English fields for en_EN, else
 * French; text, never HTML) and when it was sent.
 */
export function NewsItem({ notification, locale, when }: { notification: Notification; locale: LocaleCode; when: string }) {
  const at = pickLocalized(locale, notification.at ?? '', notification.at_en).trim();
  return (
    <li className="salon-news__item">
      <h3 className="salon-news__title">{pickLocalized(locale, notification.title, notification.title_en)}</h3>
      {at !== '' && <p className="salon-news__at">{at}</p>}
      <p className="salon-news__message">{pickLocalized(locale, notification.message, notification.message_en)}</p>
      <time className="salon-news__when" dateTime={notification.sent_at}>
        {when}
      </time>
    </li>
  );
}
