import { lazy, Suspense, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { IconButton } from '@salon/shared';
import {
  attachFile,
  dismissNotice,
  removeFile,
  sendDraft,
  setDraft,
  shareContactDetails,
  type ChatNotice,
  type OpenChannelView,
} from '@salon/shared/chat';
import { fileSize } from './format';
import { Icon } from './icons';

// Its own chunk, with emoji-picker-element: loaded the first time the picker opens.
const EmojiPicker = lazy(() => import('./EmojiPicker'));

function Notice({ notice }: { notice: ChatNotice }) {
  const { t, i18n } = useLingui();
  return (
    <div className={`salon-chat__notice salon-chat__notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <p>
        {i18n._(notice.message)}
        {notice.items && ` ${notice.items.map((item) => i18n._(item)).join(', ')}`}
        {notice.link && (
          <>
            {' '}
            <a href={notice.link.href}>{i18n._(notice.link.label)}</a>
          </>
        )}
      </p>
      <IconButton label={t`Dismiss`} icon="×" onClick={dismissNotice} />
    </div>
  );
}

/** The textarea, the file chip, the attach menu, the emoji picker and send (spec §2.7, §5). */
export function Composer({ view }: { view: OpenChannelView }) {
  const { t, i18n } = useLingui();
  const [menu, setMenu] = useState(false);
  const [emoji, setEmoji] = useState(false);
  const text = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const { draft } = view;
  const ready = view.id !== null;

  const insert = (emojiText: string) => {
    const area = text.current;
    const start = area?.selectionStart ?? draft.text.length;
    const end = area?.selectionEnd ?? start;
    setDraft(draft.text.slice(0, start) + emojiText + draft.text.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + emojiText.length, start + emojiText.length);
    });
  };

  // Sending closes the emoji picker: it would cover the conversation and an invitation's Accept and Decline.
  const send = () => {
    setEmoji(false);
    sendDraft();
  };

  return (
    <form
      className="salon-chat__composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      onKeyDown={(event) => {
        // Escape closes the attach menu or the emoji picker first; with neither open it closes the chat sidebar.
        if (event.key !== 'Escape' || (!menu && !emoji)) return;
        event.preventDefault();
        setMenu(false);
        setEmoji(false);
      }}
    >
      {draft.notice && <Notice notice={draft.notice} />}
      {draft.file && (
        <p className="salon-chat__chip">
          <span>{draft.file.name}</span>{' '}
          <span className="salon-chat__muted">{draft.uploading ? t`Sending…` : fileSize(i18n, draft.file.size)}</span>
          <IconButton label={t`Remove the file`} icon="×" disabled={draft.uploading} onClick={removeFile} />
        </p>
      )}
      <textarea
        ref={text}
        aria-label={t`Message`}
        placeholder={t`Write a message…`}
        rows={2}
        maxLength={5000}
        value={draft.text}
        disabled={!ready}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter is a new line; Enter that ends an input-method composition is neither.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <div className="salon-chat__tools">
        <div className="salon-chat__menu">
          <IconButton
            label={t`Attach`}
            icon={<Icon name="attach" />}
            aria-expanded={menu}
            disabled={!ready}
            onClick={() => setMenu(!menu)}
          />
          {menu && (
            <ul data-salon-popover="">
              <li>
                <button
                  type="button"
                  onClick={() => {
                    setMenu(false);
                    file.current?.click();
                  }}
                >
                  {t`Share a file`}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  onClick={() => {
                    setMenu(false);
                    shareContactDetails();
                  }}
                >
                  {t`Share my contact details`}
                </button>
              </li>
            </ul>
          )}
        </div>
        <input
          ref={file}
          type="file"
          className="salon-visually-hidden"
          aria-label={t`File to share`}
          tabIndex={-1}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) attachFile(chosen);
            event.target.value = '';
          }}
        />
        <IconButton
          label={t`Emoji`}
          icon={<Icon name="emoji" />}
          aria-expanded={emoji}
          disabled={!ready}
          onClick={() => setEmoji(!emoji)}
        />
        {/* Extension point: the gif picker goes here when `view.gif` (a gif key is set), lazily loaded like the
            emoji picker, sending with `sendGif`. None is built while the key is empty. */}
        <button type="submit" className="salon-chat__send" disabled={!ready || draft.uploading}>
          {t`Send`}
        </button>
      </div>
      {emoji && (
        <Suspense fallback={<p className="salon-chat__muted">{t`Loading…`}</p>}>
          <EmojiPicker onPick={insert} />
        </Suspense>
      )}
    </form>
  );
}
