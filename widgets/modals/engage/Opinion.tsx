import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Plural, useLingui } from '@lingui/react/macro';
import type { Modal } from '@salon/shared';
import { ModalFrame, TextAreaField } from '@salon/shared/dialogs';
import { OPINION_FAILED, OPINION_THANKS } from '@salon/shared/forms';
import {
  createOpinionStore,
  OPINION_SCORE_MAX,
  OPINION_SCORE_MIN,
  type OpinionState,
  type OpinionStore,
  type OpinionView,
} from './opinion';
import { Sent } from './Sent';
import { injectEngageStyles } from './styles';

/**
 * The score slider, 0 to 10. A range input always holds a value, so until the visitor moves it (pointer or keys)
 * it is shown unset: no thumb, "–" beside it, "No score chosen yet" for screen readers. A click on the thumb
 * where it stands also chooses that value.
 */
function ScoreSlider({ store, view }: { store: OpinionStore; view: OpinionView }) {
  const { t } = useLingui();
  const id = useId();
  const { score } = view;
  const middle = (OPINION_SCORE_MIN + OPINION_SCORE_MAX) / 2;
  const choose = (value: string) => store.chooseScore(Number(value));
  return (
    <div className="salon-score">
      <label htmlFor={id}>{t`Your score, from 0 to 10`}</label>
      <input
        id={id}
        type="range"
        min={OPINION_SCORE_MIN}
        max={OPINION_SCORE_MAX}
        step={1}
        value={score ?? middle}
        data-unset={score === null ? '' : undefined}
        aria-valuetext={score === null ? t`No score chosen yet` : t`${score} out of 10`}
        aria-describedby={`${id}-ends`}
        onChange={(event) => choose(event.currentTarget.value)}
        onClick={(event) => score === null && choose(event.currentTarget.value)}
      />
      {/* Shown, not read: the slider already says its value. The colour is the spec's band (red ≤ 4, orange ≤ 7, green). */}
      <output htmlFor={id} className="salon-score__value" data-colour={view.colour ?? undefined} aria-hidden="true">
        {score ?? '–'}
      </output>
      <div className="salon-score__ends" id={`${id}-ends`}>
        <span>{t`0: not at all satisfied`}</span>
        <span>{t`10: very satisfied`}</span>
      </div>
    </div>
  );
}

function CommentCounter({ remaining }: { remaining: number }) {
  const beyond = -remaining;
  return (
    <span aria-live="polite">
      {remaining >= 0 ? (
        <Plural value={remaining} one="# character left" other="# characters left" />
      ) : (
        <Plural value={beyond} one="# character too many" other="# characters too many" />
      )}
    </span>
  );
}

/**
 * The opinion modal (spec §2.12, §4.9, §5): a score from 0 to 10 (none until chosen) and a comment of at most 140
 * characters; Send stays disabled until a score is chosen, while the comment is too long and while sending. Then
 * thanks, or the error text (the form stays, to send again). `initial` is for stories and tests.
 */
export function Opinion({ initial }: { modal: Extract<Modal, { name: 'feedback' }>; initial?: Partial<OpinionState> }) {
  injectEngageStyles();
  const { t, i18n } = useLingui();
  const [store] = useState(() => createOpinionStore(initial));
  const view = useStore(store.$view);
  const over = view.remaining < 0;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void store.submit();
  }

  return (
    <ModalFrame name="feedback" title={t`Your opinion`}>
      {view.status === 'thanks' ? (
        <Sent>{i18n._(OPINION_THANKS)}</Sent>
      ) : (
        <form className="salon-engage" noValidate onSubmit={onSubmit}>
          <p className="salon-engage__intro">{t`How satisfied are you with this trade show?`}</p>
          {view.status === 'error' && (
            <p className="salon-engage__alert" role="alert">
              {view.refusal ?? i18n._(OPINION_FAILED)}
            </p>
          )}
          <ScoreSlider store={store} view={view} />
          <TextAreaField
            label={t`Your comment (optional)`}
            name="comment"
            rows={3}
            value={view.comment}
            onChange={(event) => store.setComment(event.currentTarget.value)}
            hint={over ? undefined : <CommentCounter remaining={view.remaining} />}
            error={over ? <CommentCounter remaining={view.remaining} /> : undefined}
          />
          <div className="salon-engage__actions">
            <button
              type="submit"
              className="salon-engage__button salon-engage__button--primary"
              disabled={!view.canSubmit}
              aria-busy={view.status === 'sending' || undefined}
            >
              {view.status === 'sending' ? t`Sending…` : t`Send my opinion`}
            </button>
          </div>
        </form>
      )}
    </ModalFrame>
  );
}
