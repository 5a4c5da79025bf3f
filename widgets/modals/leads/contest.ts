import { atom, type ReadableAtom } from 'nanostores';
import { request, type AppParameters, type LocaleCode, type PageUser } from '@salon/shared';
import { hasEnteredContest, markContestEntered, setContestScore } from '@salon/shared/room';
import { DEFAULT_CONTEST_NAME, contestRules, type FormValues } from '@salon/shared/forms';
import type { ContestAnswer, ContestBody } from '@salon/shared/contracts/forms';
import {
  classifyFailure,
  createLeadForm,
  failureData,
  namesAndEmailOf,
  toastCallFailed,
  type FieldError,
  type LeadForm,
  type RawValues,
} from './leadForm';

/** The answer's `data.data` when this visitor already took part (spec §8). A type-only import keeps TypeBox out of the modal. */
const CONTEST_ALREADY: ContestAnswer['data']['data'] = 'contest_participation.already';

export const CONTEST_FIELDS = ['firstname', 'lastname', 'email', 'mobile', 'contest_rules', 'data', 'marketing'] as const;

/** Spec §5, §6: the contest is for visitors with a profile route. */
export function mayEnterContest(user: PageUser): boolean {
  return user.profile === 'visitor' && !user.anonymous && Boolean(user.profileRoute);
}

/** Spec §5: the marketing box only when the contest's opt-in equals 1 (a host page may send 1 or '1'). */
export function contestMarketingShown(parameters: AppParameters): boolean {
  const flag: unknown = parameters.contest_optin_marketing;
  return flag === 1 || flag === '1' || flag === true;
}

export function contestInitial(user: PageUser): RawValues {
  return {
    ...namesAndEmailOf(user),
    mobile: user.mobile ?? '',
    contest_rules: false,
    data: false,
    marketing: false,
  };
}

/** The form, then confirmed participation, or already recorded (spec §4.10). */
export type ContestStep = 'form' | 'thanks' | 'already';

export interface ContestSend {
  score: number | null;
  marketingShown: boolean;
  locale: LocaleCode;
  contestName?: string;
}

export function contestBody(values: FormValues<typeof contestRules>, { score, marketingShown, locale }: ContestSend): ContestBody {
  return {
    firstname: values.firstname,
    lastname: values.lastname,
    email: values.email,
    mobile: values.mobile,
    contest_rules: values.contest_rules,
    data: values.data,
    ...(marketingShown && { marketing: values.marketing }),
    ...(score !== null && { score }),
    locale,
  };
}

export interface ContestModel {
  form: LeadForm<typeof contestRules>;
  $step: ReadableAtom<ContestStep>;
  /** A server message other than field errors (spec §8 "Other errors show the server message"). */
  $message: ReadableAtom<string | null>;
  submit(send: () => ContestSend): Promise<void>;
}

/** Someone who already entered the contest is told so when it opens, before filling anything in. */
export function createContest(user: PageUser, contestName: string = DEFAULT_CONTEST_NAME): ContestModel {
  const form = createLeadForm(contestRules, contestInitial(user));
  const $step = atom<ContestStep>(hasEnteredContest(contestName) ? 'already' : 'form');
  const $message = atom<string | null>(null);

  async function post(values: FormValues<typeof contestRules>, send: ContestSend): Promise<Record<string, FieldError> | undefined> {
    $message.set(null);
    const name = encodeURIComponent(send.contestName ?? contestName);
    try {
      await request<unknown>('POST', `/api/concours/${name}`, { json: contestBody(values, send), notify: false });
    } catch (error) {
      if (failureData(error)?.data === CONTEST_ALREADY) {
        markContestEntered(send.contestName ?? contestName);
        $step.set('already');
        return undefined;
      }
      const failure = classifyFailure(error, CONTEST_FIELDS);
      if (failure.kind === 'fields') return failure.errors;
      if (failure.kind === 'message') $message.set(failure.message);
      else toastCallFailed();
      return undefined;
    }
    setContestScore(null);
    markContestEntered(send.contestName ?? contestName);
    $step.set('thanks');
    return undefined;
  }

  return {
    form,
    $step,
    $message,
    async submit(send) {
      await form.submit((values) => post(values, send()));
    },
  };
}
