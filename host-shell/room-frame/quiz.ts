/**
 * The contest quiz: 5 questions about the salon, made from the frame's data so that their answers are always
 * right, whatever the salon. Each question has 3 or 4 choices in an order fixed by the question and the choices.
 * At the end the room posts the score (handleContestParticipation) and asks for the contest form (showContestModal).
 */
import { hashString } from './geometry';
import type { Texts } from './i18n';
import type { Salon, Stand } from './layout';

export const QUIZ_LENGTH = 5;

export interface QuizQuestion {
  id: string;
  text: string;
  choices: string[];
  /** Index of the right choice in `choices`. */
  answer: number;
}

export type QuizStep =
  { kind: 'question'; index: number; total: number; question: QuizQuestion } | { kind: 'result'; score: number; total: number };

/** Distinct, non-empty choices, the right one included, in an order that depends only on the question. */
function question(id: string, text: string, right: string, wrong: readonly string[], max = 4): QuizQuestion | null {
  const choices = [right];
  for (const c of wrong) if (c.trim() && !choices.includes(c) && choices.length < max) choices.push(c);
  if (!right.trim() || choices.length < 3) return null;
  const order = (c: string) => hashString(`${id}|${c}`);
  choices.sort((a, b) => order(a) - order(b));
  return { id, text, choices, answer: choices.indexOf(right) };
}

/** A stand picked from `pool` (the same one for the same stands, in either language), or undefined. */
function pick(pool: readonly Stand[], seed: string): Stand | undefined {
  return pool[hashString(`${seed}:${pool.map((s) => s.panorama).join()}`) % Math.max(pool.length, 1)];
}

/** The values of a list once each, in an order fixed by `seed`. */
function shuffled(values: readonly string[], seed: string): string[] {
  return [...new Set(values)].sort((a, b) => hashString(`${seed}|${a}`) - hashString(`${seed}|${b}`));
}

export function buildQuiz(salon: Salon, t: Texts): QuizQuestion[] {
  const { stands } = salon;
  const roomName = salon.data.roomName;
  const placeName = (slug: string) => salon.place(slug)?.name ?? slug;
  const places = ['home', 'plan', 'conference'].map(placeName);
  const count = stands.length;
  // A stand named otherwise than its company, when there is one: the question is not then answered by itself.
  const named = stands.filter((s) => s.name !== s.companyName && s.niceNameEn !== s.companyName);
  const companyStand = pick(named.length > 0 ? named : stands, 'company');
  const numberStand = pick(
    stands.filter((s) => s !== companyStand),
    'number',
  );

  /** A question on one stand (none without it): the right answer is its `fact`, the other choices every stand's. */
  const aboutStand = (stand: Stand | undefined, id: string, fact: 'companyName' | 'label', seed: string, text: (s: Stand) => string) => {
    const facts = stands.map((s) => s[fact]);
    return stand && question(id, text(stand), stand[fact], shuffled(facts, seed));
  };

  const candidates: (() => QuizQuestion | null | undefined)[] = [
    () => question('room-name', t.qRoomName, roomName, t.otherSalons),
    () =>
      question(
        'stand-count',
        t.qStandCount,
        String(count),
        [-2, 1, 3, -1, 2, 4]
          .map((d) => count + d)
          .filter((n) => n >= 0)
          .map(String),
      ),
    () => aboutStand(companyStand, 'company-of', 'companyName', 'company', (s) => t.qCompanyOf(s.label)),
    () => aboutStand(numberStand, 'stand-number', 'label', 'number', (s) => t.qStandNumber(s.number)),
    () => question('talks', t.qTalks, placeName('conference'), places, 3),
    // Used only when the salon has too few stands for the questions above.
    () => question('arrival', t.qArrival, placeName('home'), places, 3),
    () => question('map', t.qMap, placeName('plan'), places, 3),
  ];
  const quiz: QuizQuestion[] = [];
  for (const make of candidates) {
    if (quiz.length === QUIZ_LENGTH) break;
    const q = make();
    if (q) quiz.push(q);
  }
  return quiz;
}

/** One play of the quiz: the answers given so far, the next step. */
export class QuizRun {
  private readonly answers: number[] = [];

  constructor(readonly questions: readonly QuizQuestion[]) {}

  get done(): boolean {
    return this.answers.length >= this.questions.length;
  }

  get score(): number {
    return this.answers.filter((choice, i) => this.questions[i]?.answer === choice).length;
  }

  get step(): QuizStep {
    const total = this.questions.length;
    const current = this.questions[this.answers.length];
    return current
      ? { kind: 'question', index: this.answers.length + 1, total, question: current }
      : { kind: 'result', score: this.score, total };
  }

  answer(choice: number): void {
    if (!this.done) this.answers.push(choice);
  }
}
