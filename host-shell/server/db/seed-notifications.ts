import type { NotificationRow } from './schema';

/* The demo salon's notifications: the day's programme, in both languages (see `seed-data.ts`). */

/** A notification as seeded: its texts, and when it was sent. */
export type DemoNotification = Omit<NotificationRow, 'id' | 'sent_at'> & {
  /** Minutes before now (negative: scheduled in the future, not listed yet). */
  minutesAgo: number;
};

/** The time of day in French (`14h30`) and in English (`2:30 pm`). */
const clock = (h: number, m = 0): { at: string; at_en: string } => {
  const mm = String(m).padStart(2, '0');
  return { at: `${h}h${mm}`, at_en: `${h > 12 ? h - 12 : h}:${mm} ${h >= 12 ? 'pm' : 'am'}` };
};

/** A notification of the organisers at that time: [title, message] in French, then in English. */
const news = (h: number, m: number, [title, message]: [string, string], [title_en, message_en]: [string, string], minutesAgo: number) => ({
  title,
  title_en,
  ...clock(h, m),
  message,
  message_en,
  minutesAgo,
});

const talk = (h: number, fr: string, en: string, minutesAgo: number): DemoNotification => ({
  title: `Conférence : ${fr}`,
  title_en: `Talk: ${en}`,
  ...clock(h),
  message: `La conférence « ${fr} » commence à ${h}h00 en salle de conférence.`,
  message_en: `The talk "${en}" starts at ${clock(h).at_en} in the conference room.`,
  minutesAgo,
});

export const DEMO_NOTIFICATIONS: DemoNotification[] = [
  news(
    9,
    0,
    ['Bienvenue au Salon de l’innovation', 'Les portes sont ouvertes ! Consultez le plan pour trouver les stands.'],
    ['Welcome to the Innovation Fair', 'Doors are open! Check the floor plan to find the stands.'],
    600,
  ),
  talk(9, 'L’autoconsommation solaire en 2030', 'Solar self-consumption by 2030', 570),
  talk(10, 'Cobots : premiers pas sans code', 'Cobots: first steps without code', 510),
  talk(11, 'L’eau potable face aux micropolluants', 'Drinking water and micropollutants', 450),
  news(
    11,
    30,
    ['Pause café virtuelle', 'Retrouvez les exposants disponibles dans le point de contact unique.'],
    ['Virtual coffee break', 'Meet the available exhibitors in the contact point.'],
    420,
  ),
  talk(12, 'Cloud souverain : mythe ou réalité ?', 'Sovereign cloud: myth or reality?', 390),
  talk(13, 'La logistique urbaine à vélo', 'Urban logistics by bike', 330),
  talk(14, 'Télésurveillance et santé connectée', 'Remote monitoring and connected health', 270),
  news(
    14,
    30,
    ['Jeu concours', 'Répondez aux 5 questions du jeu concours pour tenter de gagner une batterie Helios.'],
    ['Contest', 'Answer the 5 contest questions for a chance to win a Helios battery.'],
    240,
  ),
  talk(15, 'Impression 3D métal : du prototype à la série', 'Metal 3D printing: from prototype to series', 210),
  talk(16, 'Cybersécurité des PME', 'Cybersecurity for small businesses', 150),
  talk(17, 'Drones et inspection d’ouvrages', 'Drones and structural inspection', 90),
  news(
    17,
    30,
    ['Donnez votre avis', 'Votre avis nous aide à préparer la prochaine édition : le bouton Avis est dans la barre du haut.'],
    ['Give us your opinion', 'Your opinion helps us prepare the next edition: the Feedback button is in the top bar.'],
    30,
  ),
  talk(18, 'Clôture : la maison sobre et connectée', 'Closing: the frugal connected home', -60),
];
