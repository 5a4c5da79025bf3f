/**
 * The room: which panorama the visitor is in, how they move, and what the host page is told. Hotspots, the
 * panel's buttons and the host's goToPanorama all go through `goTo`, and entering a stand is one function,
 * `enterStand`, whatever the visitor clicked. The contest quiz is played here too (its questions in quiz.ts).
 *
 * What the host is told (contract v1, `shared/contracts/room-frame.ts`, to the host origin only): on a move,
 * `leaveStand` when leaving a stand, `enterOnStand` when entering one, `emitTrackingEvent` (`panorama_view`), then
 * `showPopupOffer` the first time on a stand with a promotional offer; a stand's actions post `requestContactStand`,
 * `showContactFormInfos`, `showStandUcp`, `showCompanySheet`, `addStandToJourney` (with the journey feature only) and
 * `showSharingModal`; the quiz's last answer `handleContestParticipation` then `showContestModal`. The host's commands:
 * `goToPanorama` (`map` and `conferences` are aliases; an unknown slug is ignored), `setSound`, `setContestAccess`.
 */
import type { ContestAccess, HostCommand } from '@salon/shared/contracts/room-frame';
import type { HostLink } from './host';
import type { Texts } from './i18n';
import { likelyNext } from './images';
import {
  STAND_ACTIONS,
  boothHotspot,
  canonicalSlug,
  gateHotspot,
  type FrameAction,
  type Place,
  type PlaceAction,
  type Salon,
  type Stand,
} from './layout';
import { offerSubject, promotionOf } from './offers';
import type { PanelState } from './panel';
import { QuizRun, buildQuiz, type QuizStep } from './quiz';
import type { Ambience } from './sound';
import type { Hotspot, HotspotSpec, PanoramaImage, PanoramaView, Position } from './view';

export interface RoomUi {
  /** The viewer, or null when it could not start (no WebGL): the panel still works. */
  view: PanoramaView | null;
  panel: { render(state: PanelState): void; showQuiz(step: QuizStep, unanswered?: boolean): void; closeQuiz(): void };
  /** Where tests and styles read the state: `data-panorama`, `data-state` (loading | ready | error). */
  root: HTMLElement;
}

export interface PanoramaSource {
  image(slug: string): Promise<PanoramaImage>;
  /** Has the images of the places a visitor may open next (most likely first) fetched and decoded ahead. */
  preload(slugs: readonly string[]): void;
}

export interface RoomOptions {
  /** A partner's referral code from the frame's address, passed on with the offer requests. */
  codeApporteur?: string;
}

export class Room {
  private current: string | null = null;
  private moves = 0;
  private quiz: QuizRun | null = null;
  private contestAccess: ContestAccess = 'open';
  /** Stands whose promotional offer was shown on this page: once each. */
  private readonly promoted = new Set<string>();

  constructor(
    private readonly salon: Salon,
    private readonly host: HostLink,
    private readonly images: PanoramaSource,
    private readonly ui: RoomUi,
    private readonly texts: Texts,
    private readonly sound: Ambience,
    private readonly options: RoomOptions = {},
  ) {}

  get currentStand(): Stand | undefined {
    return this.current ? this.salon.standOfPanorama(this.current) : undefined;
  }

  /** Enters a stand: what its hotspot and its button in the panel both do. */
  enterStand(standId: string): Promise<boolean> {
    const stand = this.salon.standById(standId);
    return stand ? this.goTo(stand.panorama) : Promise.resolve(false);
  }

  /**
   * Moves to a panorama (an alias of the host such as 'map' is accepted). Leaving a stand tells the host first
   * (leaveStand), then entering one (enterOnStand). False for an unknown panorama.
   */
  async goTo(slug: string): Promise<boolean> {
    const place = this.salon.place(canonicalSlug(slug));
    if (!place) return false;
    if (place.slug === this.current) return true;
    const previous = this.current;
    const leaving = this.currentStand;
    const entering = this.salon.standOfPanorama(place.slug);
    if (leaving) this.host.send('leaveStand', { stand_id: leaving.id });
    this.current = place.slug;
    if (entering) this.host.send('enterOnStand', { stand_id: entering.id, panorama: place.slug });
    this.host.send('emitTrackingEvent', { name: 'panorama_view', value: place.slug, ...(entering ? { stand_id: entering.id } : {}) });
    const offer = entering && !this.promoted.has(entering.id) ? promotionOf(entering) : null;
    if (entering && offer) {
      this.promoted.add(entering.id);
      this.host.send('showPopupOffer', { offer, stand_id: entering.id });
    }
    // The panel shows the new place: a quiz under way is left.
    this.quiz = null;

    const move = ++this.moves;
    this.setState(place, 'loading');
    this.ui.view?.beginLoading();
    if (!this.ui.view) {
      this.setState(place, 'error');
      return true;
    }
    try {
      const image = await this.images.image(place.slug);
      if (move !== this.moves) return true;
      const shown = await this.ui.view.show(image, place.name, this.startPosition(previous, place.slug), this.hotspots(place));
      if (shown && move === this.moves) {
        this.setState(place, 'ready');
        this.images.preload(likelyNext(this.salon, place.slug));
      }
    } catch (error) {
      console.error('[room-frame] the panorama could not be shown', error);
      if (move === this.moves) this.setState(place, 'error');
    }
    return true;
  }

  /** What a hotspot does; the panel's buttons call the same methods. */
  activate(hotspot: Hotspot): void {
    if (hotspot.type === 'stand') void this.enterStand(hotspot.standId);
    else if (hotspot.type === 'place') void this.goTo(hotspot.slug);
    else this.runAction(hotspot.action);
  }

  runAction(action: FrameAction): void {
    if (action === 'contest') {
      this.startQuiz();
      return;
    }
    const stand = this.currentStand;
    if (!stand) return;
    switch (action) {
      case 'contact':
        this.host.send('requestContactStand', { stand_id: stand.id, company_id: stand.companyId });
        break;
      case 'offer':
        this.host.send('showContactFormInfos', {
          stand_id: stand.id,
          subject: offerSubject(stand),
          ...(this.options.codeApporteur !== undefined && { code_apporteur: this.options.codeApporteur }),
          display_marketing: stand.optinMarketing,
        });
        break;
      case 'exhibitors':
        this.host.send('showStandUcp', { stand_id: stand.id });
        break;
      case 'companySheet':
        this.host.send('showCompanySheet', { company_id: stand.companyId, stand_id: stand.id });
        break;
      case 'journey':
        this.host.send('addStandToJourney', { stand_id: stand.id });
        break;
      case 'share':
        this.host.send('showSharingModal', {});
        break;
    }
  }

  /**
   * A new play of the contest quiz (replaying is allowed: the host decides what a participation counts for).
   * Someone who may not take part (the host said so: setContestAccess) gets the host's contest modal at once — the
   * login for an anonymous visitor, the refusal for others — rather than five questions first.
   */
  startQuiz(): void {
    if (this.contestAccess !== 'open') {
      this.host.send('showContestModal', {});
      return;
    }
    this.quiz = new QuizRun(buildQuiz(this.salon, this.texts));
    this.ui.panel.showQuiz(this.quiz.step);
  }

  /** The visitor's answer; after the last one, the score goes to the host, which then opens the contest form. */
  answerQuiz(choice: number | null): void {
    const quiz = this.quiz;
    if (!quiz || quiz.done) return;
    if (choice === null) {
      this.ui.panel.showQuiz(quiz.step, true);
      return;
    }
    quiz.answer(choice);
    const step = quiz.step;
    if (step.kind === 'result') {
      this.host.send('handleContestParticipation', { score: step.score });
      this.host.send('showContestModal', {});
    }
    this.ui.panel.showQuiz(step);
  }

  closeQuiz(): void {
    this.quiz = null;
    this.ui.panel.closeQuiz();
  }

  /** A command of the host page (already checked for origin and shape by the contract). */
  handleCommand(command: HostCommand): void {
    if (command.name === 'goToPanorama') {
      const slug: unknown = command.payload.slug;
      if (typeof slug === 'string') void this.goTo(slug);
    } else if (command.name === 'setSound') {
      const muted: unknown = command.payload.muted;
      if (typeof muted === 'boolean') this.sound.setMuted(muted);
    } else if (command.name === 'setContestAccess') {
      const access: unknown = command.payload.access;
      if (access === 'open' || access === 'login' || access === 'closed') this.contestAccess = access;
    }
  }

  private actionsHere(): FrameAction[] {
    return this.current ? (this.salon.layout(this.current)?.actions.map((a) => a.action) ?? []) : [];
  }

  private setState(place: Place, state: 'loading' | 'ready' | 'error'): void {
    this.ui.root.dataset.panorama = place.slug;
    this.ui.root.dataset.state = state;
    const layout = this.salon.layout(place.slug);
    const current = this.salon.standOfPanorama(place.slug);
    this.ui.panel.render({
      place,
      loading: state === 'loading',
      failed: state === 'error',
      current,
      stands: (layout?.booths ?? [])
        .map((b) => b.stand)
        .filter((s) => s !== current)
        .sort((a, b) => a.number - b.number),
      actions: current ? STAND_ACTIONS.filter((a) => this.actionsHere().includes(a)) : [],
      placeActions: this.actionsHere().filter((a): a is PlaceAction => a === 'contest'),
      places: (['home', 'plan', 'conference'] as const).flatMap((slug) => this.salon.place(slug) ?? []),
    });
  }

  /** Where the visitor looks on arrival: back on the plan, towards the stand or door they came from. */
  private startPosition(previous: string | null, next: string): Position {
    if (next === 'plan' && previous) {
      const plan = this.salon.layout('plan');
      const stand = this.salon.standOfPanorama(previous);
      if (stand) return { yaw: this.salon.yawOnPlan(stand), pitch: -0.08 };
      const gate = plan?.gates.find((g) => g.target === previous);
      // Through a door: facing into the hall, the door behind.
      if (gate) return { yaw: gate.yaw + Math.PI, pitch: -0.08 };
    }
    return { yaw: 0, pitch: next === 'conference' ? 0 : -0.08 };
  }

  private hotspots(place: Place): HotspotSpec[] {
    const layout = this.salon.layout(place.slug);
    if (!layout) return [];
    const t = this.texts;
    const actionLabels: Record<FrameAction, string> = {
      contact: t.contact,
      offer: t.offer,
      contest: t.contest,
      exhibitors: t.exhibitors,
      companySheet: t.companySheet,
      journey: t.addToJourney,
      share: t.share,
    };
    return [
      ...layout.booths
        .filter((b) => !b.main)
        .map((b) => ({ hotspot: { type: 'stand' as const, standId: b.stand.id }, label: b.stand.label, ...boothHotspot(b) })),
      ...layout.gates.map((g) => ({
        hotspot: { type: 'place' as const, slug: g.target },
        label: this.salon.place(g.target)?.name ?? g.target,
        ...gateHotspot(g),
      })),
      ...layout.actions.map((a) => ({
        hotspot: { type: 'action' as const, action: a.action },
        label: actionLabels[a.action],
        yaw: a.yaw,
        pitch: a.pitch,
        anchor: a.anchor,
      })),
    ];
  }
}
