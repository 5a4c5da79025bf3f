/**
 * The hall's ambient sound: a soft murmur of voices (filtered noise, slowly swelling) made with WebAudio, so no
 * file is downloaded. Browsers let a page play sound only after a gesture in it: the murmur starts at the first
 * pointer or key press in the frame, unless muted. The host mutes and unmutes it (setSound); the frame reports
 * its state (checkSound).
 */
export interface SoundState {
  muted: boolean;
  available: boolean;
}

type AudioContextClass = typeof AudioContext;

const VOLUME = 0.05;

export class Ambience {
  readonly available: boolean;
  private muted = false;
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private readonly listeners = new Set<(state: SoundState) => void>();
  private readonly AudioCtor: AudioContextClass | undefined;
  /** The visitor has pressed a key or a pointer in the frame: the browser now lets it play sound. */
  private gestured = false;

  constructor(private readonly win: Window) {
    const audioWindow = win as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
    this.AudioCtor = audioWindow.AudioContext ?? audioWindow.webkitAudioContext;
    this.available = typeof this.AudioCtor === 'function';
    if (this.available) {
      const start = () => {
        this.win.removeEventListener('pointerdown', start, true);
        this.win.removeEventListener('keydown', start, true);
        this.gestured = true;
        this.apply();
      };
      this.win.addEventListener('pointerdown', start, true);
      this.win.addEventListener('keydown', start, true);
    }
  }

  get state(): SoundState {
    return { muted: this.muted, available: this.available };
  }

  onChange(listener: (state: SoundState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setMuted(muted: boolean): void {
    if (muted === this.muted) return;
    this.muted = muted;
    this.apply();
    for (const listener of this.listeners) listener(this.state);
  }

  private apply(): void {
    if (!this.available || !this.gestured) return;
    if (this.muted) {
      if (this.ctx && this.master) {
        this.master.gain.setTargetAtTime(0, this.ctx.currentTime, 0.15);
        const ctx = this.ctx;
        setTimeout(() => {
          if (this.muted) void ctx.suspend();
        }, 600);
      }
      return;
    }
    try {
      if (!this.ctx) this.build();
      const ctx = this.ctx as AudioContext | null;
      if (!ctx || !this.master) return;
      void ctx.resume();
      this.master.gain.setTargetAtTime(VOLUME, ctx.currentTime, 0.8);
    } catch {
      // Audio refused by the browser: stay silent.
    }
  }

  private build(): void {
    const Ctor = this.AudioCtor;
    if (!Ctor) return;
    const ctx = new Ctor();
    const master = ctx.createGain();
    master.gain.value = 0;
    master.connect(ctx.destination);
    // Brown noise: the low rumble of a crowded hall.
    const seconds = 4;
    const buffer = ctx.createBuffer(1, ctx.sampleRate * seconds, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    let last = 0;
    for (let i = 0; i < data.length; i += 1) {
      last = (last + 0.02 * (Math.random() * 2 - 1)) / 1.02;
      data[i] = last * 3.5;
    }
    const noise = ctx.createBufferSource();
    noise.buffer = buffer;
    noise.loop = true;
    // Voices: a band around speech frequencies, swelling slowly like conversations.
    const voices = ctx.createBiquadFilter();
    voices.type = 'bandpass';
    voices.frequency.value = 420;
    voices.Q.value = 0.8;
    const swell = ctx.createGain();
    swell.gain.value = 0.7;
    const lfo = ctx.createOscillator();
    lfo.frequency.value = 0.13;
    const depth = ctx.createGain();
    depth.gain.value = 0.3;
    lfo.connect(depth).connect(swell.gain);
    noise.connect(voices).connect(swell).connect(master);
    noise.start();
    lfo.start();
    this.ctx = ctx;
    this.master = master;
  }
}
