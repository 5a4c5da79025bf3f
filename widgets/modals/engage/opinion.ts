import { atom, computed, type ReadableAtom } from 'nanostores';
import { rateLimitMessage, recordOpinionGiven, request } from '@salon/shared';
import type { OpinionAnswer, OpinionBody } from '@salon/shared/contracts/forms';
import { OPINION_COMMENT_MAX, OPINION_SCORE_MAX, OPINION_SCORE_MIN, opinionColour, type OpinionColour } from '@salon/shared/forms';

export { OPINION_COMMENT_MAX, OPINION_SCORE_MAX, OPINION_SCORE_MIN };

export interface OpinionState {
  /** null until the visitor chooses a score. */
  score: number | null;
  comment: string;
  status: 'editing' | 'sending' | 'thanks' | 'error';
  /** With `error`: the server's message of a rate limit's refusal (how long to wait), shown instead of the error text. */
  refusal?: string | null;
}

export interface OpinionView extends OpinionState {
  colour: OpinionColour | null;
  /** Characters left of 140; negative beyond the limit (typing on is allowed, sending is not). */
  remaining: number;
  canSubmit: boolean;
}

export interface OpinionStore {
  $view: ReadableAtom<OpinionView>;
  chooseScore(score: number): void;
  setComment(comment: string): void;
  submit(): Promise<void>;
}

function clampScore(score: number): number | null {
  if (!Number.isFinite(score)) return null;
  return Math.min(OPINION_SCORE_MAX, Math.max(OPINION_SCORE_MIN, Math.round(score)));
}

/**
 * The opinion form (spec §2.12, §5, §8): a score 0–10, chosen (none at first), and a comment of at most 140
 * characters. `POST /api/nps`; a success records the `nps` cookie (the popup stops asking) and thanks the
 * visitor, any failure shows the error text (both are the spec's, from `@salon/shared/forms`), except a rate limit's
 * refusal, which shows its own message (how long to wait).
 */
export function createOpinionStore(initial: Partial<OpinionState> = {}): OpinionStore {
  const $state = atom<OpinionState>({ score: null, comment: '', status: 'editing', ...initial });
  const $view = computed($state, (state): OpinionView => {
    const remaining = OPINION_COMMENT_MAX - state.comment.length;
    return {
      ...state,
      colour: state.score === null ? null : opinionColour(state.score),
      remaining,
      canSubmit: state.score !== null && remaining >= 0 && (state.status === 'editing' || state.status === 'error'),
    };
  });

  function update(change: Partial<OpinionState>): void {
    const state = $state.get();
    if (state.status === 'sending' || state.status === 'thanks') return;
    $state.set({ ...state, ...change });
  }

  async function submit(): Promise<void> {
    const view = $view.get();
    if (!view.canSubmit || view.score === null) return;
    $state.set({ ...$state.get(), status: 'sending', refusal: null });
    const body: OpinionBody = { score: view.score, comment: view.comment.trim() };
    try {
      const answer = await request<OpinionAnswer>('POST', '/api/nps', { json: body, notify: false });
      if (answer?.success !== true) throw new Error(`POST /api/nps did not succeed: ${answer?.message ?? ''}`);
      recordOpinionGiven();
      $state.set({ ...$state.get(), status: 'thanks' });
    } catch (error) {
      console.error('[salon] the opinion was not recorded', error);
      $state.set({ ...$state.get(), status: 'error', refusal: rateLimitMessage(error) });
    }
  }

  return {
    $view,
    chooseScore: (score) => {
      const chosen = clampScore(score);
      if (chosen !== null) update({ score: chosen });
    },
    setComment: (comment) => update({ comment }),
    submit,
  };
}
