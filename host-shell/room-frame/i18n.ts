/**
 * The frame's texts: Lingui descriptors translated from the frame's own compiled catalog (host-shell/room-frame/locales,
 * both languages in the frame's bundle: a few hundred bytes, no loading). `TEXTS[lang]` holds them translated, the
 * same object for the page (main.ts), the viewer and the server's panorama drawing (render/), which all run this file.
 * The catalog is read by `translate` below rather than by `@lingui/core`, which the frame's bundle would carry for it
 * (the `msg` macro compiles to a plain descriptor; only the types come from `@lingui/core`).
 */
import type { MessageDescriptor, Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FrameLang } from './data';
import { messages as enMessages } from './locales/en/messages';
import { messages as frMessages } from './locales/fr/messages';

/** What Lingui would decode in a message (`\u00e9`, `\x41`): none of the frame's texts has one. */
const ESCAPE_SEQUENCE = /\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}/;

/**
 * `descriptor` in a catalog compiled by `lingui compile`, read as Lingui reads it for the forms the frame's texts use:
 * text, and `["name"]` placeholders replaced by the descriptor's value (nothing for a missing one). Anything else (an id
 * not in the catalog, a plural, a select, a number format, an escape sequence) throws: the frame's unit tests read every
 * message of both catalogs through it, so a text written with such a form fails there, not in a visitor's frame.
 */
export function translate(messages: Messages, { id, values = {} }: MessageDescriptor): string {
  const message = messages[id];
  if (message === undefined) throw new Error(`room frame: no message "${id}" in the catalog`);
  return (typeof message === 'string' ? [message] : message)
    .map((part) => {
      if (typeof part === 'string' && !ESCAPE_SEQUENCE.test(part)) return part;
      if (typeof part !== 'string' && part.length === 1) return String(values[part[0]] ?? '');
      throw new Error(`room frame: message "${id}" has a part the frame cannot read: ${JSON.stringify(part)}`);
    })
    .join('');
}

/** Every text of the frame in one language: the panel, the quiz, what the panoramas show, the viewer's own (`viewer`). */
function textsIn(messages: Messages) {
  const _ = (descriptor: MessageDescriptor): string => translate(messages, descriptor);
  return {
    viewerLabel: _(msg`360° view: drag, or focus it and use the arrow keys, to look around`),
    panelToggle: _(msg`Stands and areas`),
    standsHere: _(msg`Stands in this area`),
    noStandsHere: _(msg`No stand in this area: the floor plan lists every stand.`),
    goTo: _(msg`Go to`),
    thisStand: _(msg`This stand`),
    nearbyStands: _(msg`Nearby stands`),
    contact: _(msg`Ask to be contacted`),
    exhibitors: _(msg`Exhibitors`),
    companySheet: _(msg`Company sheet`),
    addToJourney: _(msg`Add to my journey`),
    share: _(msg`Share`),
    offer: _(msg`Request an offer`),
    activities: _(msg`Activities`),
    contest: _(msg`Play the contest`),
    quizTitle: _(msg`Contest`),
    quizIntro: (total: number) => _(msg`Answer ${total} questions about the salon, then fill in the contest form.`),
    quizProgress: (index: number, total: number) => _(msg`Question ${index} of ${total}`),
    quizNext: _(msg`Next question`),
    quizFinish: _(msg`See my score`),
    quizQuit: _(msg`Leave the contest`),
    quizChoose: _(msg`Choose an answer to go on.`),
    quizScore: (score: number, total: number) => _(msg`Your score: ${score} out of ${total}`),
    quizFormOpens: _(msg`The contest form opens on the page: fill it in to take part.`),
    quizAgain: _(msg`Play again`),
    quizClose: _(msg`Close`),
    qRoomName: _(msg`What is the salon called?`),
    qStandCount: _(msg`How many stands are in the exhibition hall?`),
    qCompanyOf: (stand: string) => _(msg`Which company has the stand “${stand}”?`),
    qStandNumber: (n: number) => _(msg`Which stand has the number ${n} on the floor plan?`),
    qTalks: _(msg`Where are the live talks held?`),
    qArrival: _(msg`Where does the visit begin?`),
    qMap: _(msg`Where is the map of every stand?`),
    otherSalons: [_(msg`Tech Expo`), _(msg`Future Forum`), _(msg`Open Days Fair`)],
    sound: _(msg`Ambient sound`),
    soundUnavailable: _(msg`Sound is not available in this browser`),
    loading: _(msg`Loading the panorama…`),
    youAreAt: (place: string) => _(msg`You are at: ${place}`),
    enterStand: _(msg`Enter the stand`),
    loadError: _(msg`The panorama cannot be shown.`),
    home: _(msg`Welcome hall`),
    plan: _(msg`Floor plan`),
    conference: _(msg`Conference room`),
    welcome: _(msg`Welcome`),
    reception: _(msg`Reception`),
    exhibitionHall: _(msg`Exhibition hall`),
    youAreHere: _(msg`You are here`),
    liveTalks: _(msg`Live talks and keynotes`),
    stage: _(msg`Stage`),
    exit: _(msg`Exit`),
    standWelcome: _(msg`Welcome to our stand`),
    contestBoard: _(msg`5 questions: try your luck!`),
    offerPoster: _(msg`Ask for our offer`),
    viewer: {
      loading: _(msg`Loading…`),
      zoomIn: _(msg`Zoom in`),
      zoomOut: _(msg`Zoom out`),
      moveUp: _(msg`Move up`),
      moveDown: _(msg`Move down`),
      moveLeft: _(msg`Move left`),
      moveRight: _(msg`Move right`),
      webglError: _(msg`Your browser does not seem to support WebGL`),
    },
  };
}

export type Texts = ReturnType<typeof textsIn>;

export const TEXTS: Record<FrameLang, Texts> = { en: textsIn(enMessages), fr: textsIn(frMessages) };
