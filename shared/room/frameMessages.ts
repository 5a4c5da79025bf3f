import { $user, openModal, showSidebar } from '@salon/shared';
import { CONTEST_SCORE_MAX, CONTEST_SCORE_MIN } from '@salon/shared/contracts/form-rules';
import type { FrameMessage } from '@salon/shared/contracts/room-frame';
// The score of handleContestParticipation is recorded by its subscriber, which must exist before any modal loads.
import { contestAccess, tellFrameContestAccess } from './contest';
import { panoramaShown } from './address';
import { emitBusEvent } from './events';
import { setSoundState } from './sound';
import { enterStand, leaveStand } from './standVisit';
import { emitTracking } from './tracking';

export { contestAccess };

/** The envelope is checked by the contract, the payload's fields are not: ids must be non-empty strings. */
function id(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A finite number, or a non-empty string holding one; null for anything else (null, '', true would pass Number()). */
function finiteNumber(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
}

function ignored(message: FrameMessage): void {
  console.warn(`[salon] room frame message "${message.name}" ignored: missing or invalid fields`, message.payload);
}

/**
 * Every one of the room frame's 13 messages (spec §7) as a bus action or event, so the widgets that
 * handle them (sidebars, modals, journey, contest) only subscribe. The room widget calls this with the
 * messages `listenToFrame` let through (right origin, right window, valid envelope).
 *
 * - `enterOnStand` / `leaveStand` → `enterStand(stand_id, panorama)` / `leaveStand()`
 * - `showSharingModal` → `openModal({name: 'social-share'})`
 * - `requestContactStand` → `openModal({name: 'stand-contact-request', standId, companyId?})`
 * - `showStandUcp` → `showSidebar({name: 'contact-point', standId})`
 * - `showCompanySheet` → `showSidebar({name: 'company-sheet', companyId})`
 * - `showContestModal` → `openModal({name: 'contest'})`
 * - `handleContestParticipation` → event `contest:participation` `{score}` (a whole number from 0 to 5, the quiz's questions, as a number or a numeric string; anything else, null, `''`, a boolean, 2.5, 6, is ignored with a warning)
 * - `emitTrackingEvent` → `emitTracking({name, value?, stand_id?})`; `panorama_view` also → `panoramaShown(value)` (the address follows)
 * - `addStandToJourney` → event `journey:add`
 * - `checkSound` → `setSoundState({muted, available})`
 * - `showContactFormInfos` → `openModal({name: 'offer-confirm', standId, subject, codeApporteur?, displayMarketing?})` (`display_marketing` 1, `'1'` or true; spec §4.11: Yes opens `offer-contact-info`)
 * - `showPopupOffer` → `openModal({name: 'offer-popup', offer, standId?})`
 */
export function handleFrameMessage(message: FrameMessage): void {
  const payload = message.payload as Record<string, unknown>;
  const standId = id(payload.stand_id);
  switch (message.name) {
    case 'enterOnStand':
      if (!standId) return ignored(message);
      enterStand(standId, id(payload.panorama) ?? undefined);
      return;
    case 'leaveStand':
      leaveStand();
      return;
    case 'showSharingModal':
      openModal({ name: 'social-share' });
      return;
    case 'requestContactStand': {
      if (!standId) return ignored(message);
      const companyId = id(payload.company_id);
      openModal({ name: 'stand-contact-request', standId, ...(companyId && { companyId }) });
      return;
    }
    case 'showStandUcp':
      if (!standId) return ignored(message);
      showSidebar({ name: 'contact-point', standId });
      return;
    case 'showCompanySheet': {
      const companyId = id(payload.company_id);
      if (!companyId) return ignored(message);
      showSidebar({ name: 'company-sheet', companyId });
      return;
    }
    case 'showContestModal':
      // An anonymous visitor is offered the login (back to this place), not a refusal.
      openModal($user.get().anonymous ? { name: 'login-needed', reason: 'contest' } : { name: 'contest' });
      return;
    case 'handleContestParticipation': {
      // The game's score (spec §5: a number; the server takes a whole one from 0 to 5, the quiz's questions).
      const score = finiteNumber(payload.score);
      if (score === null || !Number.isInteger(score) || score < CONTEST_SCORE_MIN || score > CONTEST_SCORE_MAX) return ignored(message);
      emitBusEvent('contest:participation', { score });
      return;
    }
    case 'emitTrackingEvent': {
      const name = id(payload.name);
      if (!name) return ignored(message);
      const value = typeof payload.value === 'string' ? payload.value : undefined;
      // The frame reports each place it shows: the host follows it in its address (spec §2.1).
      if (name === 'panorama_view' && value) panoramaShown(value);
      void emitTracking({ name, ...(value !== undefined && { value }), ...(standId && { stand_id: standId }) });
      return;
    }
    case 'addStandToJourney':
      if (!standId) return ignored(message);
      emitBusEvent('journey:add', { standId });
      return;
    case 'checkSound':
      setSoundState({ muted: payload.muted === true, available: payload.available === true });
      // The frame is there: tell it who may play the quiz, before anyone starts it.
      tellFrameContestAccess();
      return;
    case 'showContactFormInfos': {
      const subject = typeof payload.subject === 'string' ? payload.subject : null;
      if (!standId || subject === null) return ignored(message);
      const codeApporteur = typeof payload.code_apporteur === 'string' ? payload.code_apporteur : undefined;
      // Spec §5: the marketing box shows when the display flag equals 1 (the frame may send 1, '1' or true).
      const flag = payload.display_marketing;
      const displayMarketing = flag === undefined || flag === null ? undefined : flag === true || flag === 1 || flag === '1';
      openModal({
        name: 'offer-confirm',
        standId,
        subject,
        ...(codeApporteur !== undefined && { codeApporteur }),
        ...(displayMarketing !== undefined && { displayMarketing }),
      });
      return;
    }
    case 'showPopupOffer': {
      const offer = typeof payload.offer === 'string' ? payload.offer : null;
      if (offer === null) return ignored(message);
      openModal({ name: 'offer-popup', offer, ...(standId && { standId }) });
      return;
    }
    default: {
      const unknown: never = message;
      console.warn('[salon] room frame message not handled', unknown);
    }
  }
}
