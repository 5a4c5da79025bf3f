/**
 * The panel of the frame: the keyboard and screen-reader way through the room. It lists the stands of the current
 * panorama (one button per stand, named by the stand's name), the current stand's actions, the place's activities,
 * the places to go to, and the ambient-sound toggle; the contest quiz is played in it, one question at a time. It
 * renders what the room tells it and reports clicks; it decides nothing.
 *
 * A `<section>` named by its heading (the place's name): each stand's button is named exactly by the stand's name in
 * the page's language (its number badge `aria-hidden`), the current place is `aria-current`, the sound toggle
 * `aria-pressed`, and a `role="status"` line says "Loading…" / "You are at: …". The quiz is a `<form>`: a
 * `<fieldset>` per question whose `<legend>` is the question, one radio button per choice, a `role="alert"` line when
 * none is chosen; the focus goes to each question's first choice, then to the score. After a move from the panel the
 * focus goes to the new place's heading. Expanded from `WIDE_FRAME` px, collapsed below (`aria-expanded` on its
 * toggle); hotspots are `aria-hidden`, the panel offering the same actions (`tests/browser/room-phone.test.ts`).
 */
import type { Texts } from './i18n';
import type { FrameAction, Place, PlaceAction, Stand, StandAction } from './layout';
import type { QuizStep } from './quiz';
import type { SoundState } from './sound';

export interface PanelState {
  place: Place;
  loading: boolean;
  failed: boolean;
  /** The stand whose panorama this is. */
  current?: Stand;
  /** Stands to enter from here. */
  stands: Stand[];
  actions: readonly StandAction[];
  /** What this place offers besides its stands (the contest at the entrance hall). */
  placeActions: readonly PlaceAction[];
  places: Place[];
}

export interface PanelCallbacks {
  enterStand(standId: string): void;
  goTo(slug: string): void;
  action(action: FrameAction): void;
  toggleSound(): void;
  /** The chosen answer of the quiz's current question, null when none is chosen. */
  quizAnswer(choice: number | null): void;
  quizAgain(): void;
  quizQuit(): void;
}

const ACTION_TEXT: Record<FrameAction, keyof Texts> = {
  contact: 'contact',
  offer: 'offer',
  contest: 'contest',
  exhibitors: 'exhibitors',
  companySheet: 'companySheet',
  journey: 'addToJourney',
  share: 'share',
};

const SOUND_ICONS =
  '<svg class="rf-sound-on" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor"><path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none"/></svg>' +
  '<svg class="rf-sound-off" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor"><path d="M4 9h4l5-4v14l-5-4H4z"/><path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2"/></svg>';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
}

/** From this width the frame has room for the panel beside the view: it starts expanded and stays so. */
export const WIDE_FRAME = 600;
export const isWideFrame = (width: number): boolean => width >= WIDE_FRAME;

export class Panel {
  private readonly root: HTMLElement;
  private readonly body: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private readonly heading: HTMLHeadingElement;
  private readonly status: HTMLElement;
  private readonly content: HTMLElement;
  private readonly soundButton: HTMLButtonElement;
  private renderedPlace: string | null = null;
  private lastState: PanelState | null = null;

  constructor(
    parent: HTMLElement,
    private readonly texts: Texts,
    private readonly callbacks: PanelCallbacks,
    expanded: boolean,
  ) {
    this.heading = element('h1', { className: 'rf-panel__title', id: 'rf-panel-title', tabIndex: -1 });
    this.status = element('p', { className: 'rf-panel__status' });
    this.status.setAttribute('role', 'status');
    this.content = element('div', { className: 'rf-panel__content' });
    this.soundButton = element('button', { type: 'button', className: 'rf-button rf-button--sound' });
    // Speaker with waves when the sound is on, crossed out when it is off; the name stays "Ambient sound" (aria-pressed).
    this.soundButton.innerHTML = SOUND_ICONS;
    this.soundButton.append(texts.sound);
    this.soundButton.addEventListener('click', () => callbacks.toggleSound());
    this.body = element(
      'div',
      { className: 'rf-panel__body', id: 'rf-panel-body' },
      this.heading,
      this.status,
      this.content,
      this.soundButton,
    );
    this.toggle = element('button', { type: 'button', className: 'rf-panel__toggle' }, texts.panelToggle);
    this.toggle.setAttribute('aria-controls', this.body.id);
    this.status.id = 'rf-panel-status';
    this.toggle.setAttribute('aria-describedby', this.status.id);
    this.toggle.addEventListener('click', () => this.setExpanded(this.toggle.getAttribute('aria-expanded') !== 'true'));
    this.root = element('section', { className: 'rf-panel' }, this.toggle, this.body);
    this.root.setAttribute('aria-labelledby', this.heading.id);
    parent.append(this.root);
    this.setExpanded(expanded);
  }

  /** The focus on the panel's toggle (where it goes back when the control that had it is gone). */
  focus(): void {
    this.toggle.focus();
  }

  setExpanded(expanded: boolean): void {
    this.toggle.setAttribute('aria-expanded', String(expanded));
    this.body.hidden = !expanded;
    this.root.classList.toggle('rf-panel--collapsed', !expanded);
  }

  /**
   * A stand chosen in the panel. In a narrow frame (a phone) the expanded panel covers the stand: it collapses, and
   * the focus goes to its toggle (which the heading's "You are at" describes) instead of the hidden heading.
   */
  private chooseStand(standId: string): void {
    if (this.root.parentElement && !isWideFrame(this.root.parentElement.clientWidth)) {
      this.setExpanded(false);
      this.toggle.focus();
    }
    this.callbacks.enterStand(standId);
  }

  setSound(state: SoundState): void {
    this.soundButton.setAttribute('aria-pressed', String(state.available && !state.muted));
    this.soundButton.disabled = !state.available;
    this.soundButton.title = state.available ? '' : this.texts.soundUnavailable;
  }

  render(state: PanelState): void {
    const t = this.texts;
    const focusInside = this.root.contains(document.activeElement) && document.activeElement !== this.toggle;
    this.lastState = state;
    this.heading.textContent = state.place.name;
    this.status.textContent = state.failed ? t.loadError : state.loading ? t.loading : t.youAreAt(state.place.name);
    if (this.renderedPlace === state.place.slug) return;
    this.renderedPlace = state.place.slug;

    const sections: HTMLElement[] = [];
    const list = (title: string, items: HTMLElement[]) => {
      const id = `rf-section-${sections.length}`;
      const ul = element('ul', { className: 'rf-list' }, ...items.map((item) => element('li', {}, item)));
      ul.setAttribute('aria-labelledby', id);
      sections.push(element('div', { className: 'rf-section' }, element('h2', { id, className: 'rf-section__title' }, title), ul));
    };
    const button = (label: string, onClick: () => void, className = 'rf-button', badge?: string) => {
      const b = element('button', { type: 'button', className });
      // The badge (the stand's number on the floor map) is for the eyes: the accessible name is the label alone.
      if (badge) {
        const span = element('span', { className: 'rf-badge' }, badge);
        span.setAttribute('aria-hidden', 'true');
        b.append(span);
      }
      b.append(label);
      b.addEventListener('click', onClick);
      return b;
    };

    if (state.current) {
      const stand = state.current;
      list(
        t.thisStand,
        state.actions.map((action) =>
          button(t[ACTION_TEXT[action]] as string, () => this.callbacks.action(action), 'rf-button rf-button--action'),
        ),
      );
      this.heading.dataset.standId = stand.id;
    } else {
      delete this.heading.dataset.standId;
    }
    if (state.stands.length > 0) {
      list(
        state.current ? t.nearbyStands : t.standsHere,
        state.stands.map((stand) => {
          const b = button(stand.label, () => this.chooseStand(stand.id), 'rf-button rf-button--stand', String(stand.number));
          b.dataset.standId = stand.id;
          return b;
        }),
      );
    } else if (!state.current) {
      sections.push(element('p', { className: 'rf-panel__empty' }, t.noStandsHere));
    }
    if (state.placeActions.length > 0) {
      list(
        t.activities,
        state.placeActions.map((action) =>
          button(t[ACTION_TEXT[action]] as string, () => this.callbacks.action(action), 'rf-button rf-button--action'),
        ),
      );
    }
    list(
      t.goTo,
      state.places.map((place) => {
        const b = button(place.name, () => this.callbacks.goTo(place.slug), 'rf-button rf-button--place');
        if (place.slug === state.place.slug) b.setAttribute('aria-current', 'location');
        return b;
      }),
    );
    this.content.replaceChildren(...sections);
    // The button that was used is gone: keyboard and screen-reader users land on the new place's name.
    if (focusInside) this.heading.focus();
  }

  /** The quiz in place of the panel's lists: a form per question (a fieldset of radio buttons), then the score. */
  showQuiz(step: QuizStep, unanswered = false): void {
    const t = this.texts;
    this.setExpanded(true);
    const title = element('h2', { id: 'rf-quiz-title', className: 'rf-section__title' }, t.quizTitle);
    const action = (label: string, onClick: () => void, className = 'rf-button') => {
      const b = element('button', { type: 'button', className }, label);
      b.addEventListener('click', onClick);
      return b;
    };
    const quit = (label: string) => action(label, () => this.callbacks.quizQuit());
    let box: HTMLElement;
    let focus: HTMLElement | null;
    if (step.kind === 'question') {
      const { question, index, total } = step;
      const progress = element('p', { id: 'rf-quiz-progress', className: 'rf-quiz__progress' }, t.quizProgress(index, total));
      const fieldset = element(
        'fieldset',
        { className: 'rf-quiz__fieldset' },
        element('legend', { className: 'rf-quiz__question' }, question.text),
        ...question.choices.map((choice, i) =>
          element(
            'label',
            { className: 'rf-choice' },
            element('input', { type: 'radio', name: 'rf-quiz-choice', value: String(i) }),
            choice,
          ),
        ),
      );
      const error = element('p', { id: 'rf-quiz-error', className: 'rf-quiz__error' }, unanswered ? t.quizChoose : '');
      error.setAttribute('role', 'alert');
      fieldset.setAttribute('aria-describedby', unanswered ? 'rf-quiz-progress rf-quiz-error' : 'rf-quiz-progress');
      const intro = index === 1 ? [element('p', { className: 'rf-quiz__intro' }, t.quizIntro(total))] : [];
      const next = element(
        'button',
        { type: 'submit', className: 'rf-button rf-button--action' },
        index === total ? t.quizFinish : t.quizNext,
      );
      const form = element(
        'form',
        { className: 'rf-quiz', noValidate: true },
        title,
        ...intro,
        progress,
        fieldset,
        error,
        next,
        quit(t.quizQuit),
      );
      form.setAttribute('aria-labelledby', title.id);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const checked = form.querySelector<HTMLInputElement>('input[name="rf-quiz-choice"]:checked');
        this.callbacks.quizAnswer(checked ? Number(checked.value) : null);
      });
      box = form;
      focus = fieldset.querySelector('input');
    } else {
      const score = element('p', { className: 'rf-quiz__score', tabIndex: -1 }, t.quizScore(step.score, step.total));
      box = element(
        'section',
        { className: 'rf-quiz' },
        title,
        score,
        element('p', {}, t.quizFormOpens),
        action(t.quizAgain, () => this.callbacks.quizAgain(), 'rf-button rf-button--action'),
        quit(t.quizClose),
      );
      box.setAttribute('aria-labelledby', title.id);
      focus = score;
    }
    this.content.replaceChildren(box);
    focus?.focus();
  }

  /** Back to the place's lists. */
  closeQuiz(): void {
    this.renderedPlace = null;
    if (this.lastState) this.render(this.lastState);
  }
}
