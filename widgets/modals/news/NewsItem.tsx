import { useLingui } from '@lingui/react/macro';
import { pickLocalized, type LocaleCode } from '@salon/shared';
import type { Notification } from '@salon/shared/notifications';

/**
 * The list item layout of spec §2.11: title, its `at` when there is one, message (English fields for en_EN, else
 * French; text, never HTML) and when it was sent. Each time says what it is: "When: …" for the organiser's `at` (a time),
 * "Sent at 14h05" (today's news) or "Sent on 21 Nov 2026 at 14h05" (the whole list) for the sending time.
 */
export function NewsItem({
  notification,
  locale,
  sentOn,
  sentAt,
}: {
  notification: Notification;
  locale: LocaleCode;
  sentOn?: string;
  sentAt: string;
}) {
  const { t } = useLingui();
  const at = pickLocalized(locale, notification.at ?? '', notification.at_en).trim();
  return (
    <li className="salon-news__item">
      <h3 className="salon-news__title">{pickLocalized(locale, notification.title, notification.title_en)}</h3>
      {at !== '' && (
        <p className="salon-news__at">
          {t`When:`} <span>{at}</span>
        </p>
      )}
      <p className="salon-news__message">{pickLocalized(locale, notification.message, notification.message_en)}</p>
      <time className="salon-news__when" dateTime={notification.sent_at}>
        {sentOn === undefined ? t`Sent at ${sentAt}` : t`Sent on ${sentOn} at ${sentAt}`}
      </time>
    </li>
  );
}
