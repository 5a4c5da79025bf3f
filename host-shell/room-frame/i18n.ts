/**
 * The frame's texts: Lingui descriptors translated from the frame's own compiled catalog (host-shell/room-frame/locales,
 * both languages in the frame's bundle: a few hundred bytes, no loading). `TEXTS[lang]` holds them translated, the
 * same object for the page (main.ts), the viewer and the server's panorama drawing (render/), which all run this file.
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FrameLang } from './data';
import { messages as enMessages } from './locales/en/messages';
import { messages as frMessages } from './locales/fr/messages';

/** Every text of the frame in one language: the panel, the quiz, what the panoramas show, the viewer's own (`viewer`). */
function textsIn(i18n: I18n) {
  const _ = (descriptor: MessageDescriptor): string => i18n._(descriptor);
  return {
    viewerLabel: _(msg`360° view: drag, or focus it and use the arrow keys, to look around`),
    panelToggle: _(msg`Stands and areas`),
    standsHere: _(msg`Stands in this area`),
    noStandsHere: _(msg`No stand in this area: the floor plan lists every stand.`),
    goTo: _(msg`Go to`),
    thisStand: _(msg`This stand`),
    nearbyStands: _(msg`Nearby stands`),
    contact: _(msg`Contact the stand`),
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

const i18nOf = (locale: FrameLang, messages: Messages): I18n => setupI18n({ locale, messages: { [locale]: messages } });

export const TEXTS: Record<FrameLang, Texts> = { en: textsIn(i18nOf('en', enMessages)), fr: textsIn(i18nOf('fr', frMessages)) };
