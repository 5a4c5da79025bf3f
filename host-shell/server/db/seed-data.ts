import type { ProfileCode } from './schema';
import type { StoredParameters } from '../services/settings';

/*
 * The demo salon (`SALON_DEMO=1`, written by `seed.ts`): its accounts, companies and stands, rooms and settings; the
 * stands' exhibitors in `seed-exhibitors.ts`, the day's notifications in `seed-notifications.ts`.
 */

export const DEMO_PASSWORD = 'salon-demo';

export interface DemoAccount {
  email: string;
  profile: ProfileCode;
  firstname: string;
  lastname: string;
  pseudo: string;
  city: string;
  postal_code: string;
  mobile: string;
  /** Panorama slugs of the stands this exhibitor owns. */
  stands?: string[];
}

/** The accounts printed at start-up; all use DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'visiteur@salon.test',
    profile: 'visitor',
    firstname: 'Léa',
    lastname: 'Moreau',
    pseudo: 'lea_m',
    city: 'Lyon',
    postal_code: '69002',
    mobile: '06 12 34 56 78',
  },
  {
    email: 'visiteur2@salon.test',
    profile: 'visitor',
    firstname: 'Thomas',
    lastname: 'Petit',
    pseudo: 'tpetit',
    city: 'Nantes',
    postal_code: '44000',
    mobile: '+33 6 98 76 54 32',
  },
  {
    email: 'exposant@salon.test',
    profile: 'exhibitor',
    firstname: 'Claire',
    lastname: 'Fontaine',
    pseudo: 'claire.helios',
    city: 'Grenoble',
    postal_code: '38000',
    mobile: '+33 4 76 00 11 22',
    stands: ['stand-helios-solaire', 'stand-helios-stockage'],
  },
  {
    email: 'exposant2@salon.test',
    profile: 'exhibitor',
    firstname: 'Jonas',
    lastname: 'Berg',
    pseudo: 'jonas.nordic',
    city: 'Lille',
    postal_code: '59000',
    mobile: '+33 3 20 00 33 44',
    stands: ['stand-nordic-robotics'],
  },
  {
    email: 'organisateur@salon.test',
    profile: 'promoter',
    firstname: 'Sophie',
    lastname: 'Bernard',
    pseudo: 'sophie.orga',
    city: 'Paris',
    postal_code: '75011',
    mobile: '01 45 67 89 10',
  },
  {
    email: 'admin@salon.test',
    profile: 'administrator',
    firstname: 'Antoine',
    lastname: 'Roux',
    pseudo: 'admin',
    city: 'Paris',
    postal_code: '75002',
    mobile: '01 40 00 00 00',
  },
];

export interface DemoCompany {
  name: string;
  domain: string;
  description: string;
  description_en: string;
  phone: string;
  stands: { slug: string; name: string; name_en: string; optin_marketing: 0 | 1 | null }[];
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Helios Énergie',
    domain: 'helios-energie',
    description: 'Panneaux solaires à haut rendement et batteries domestiques, conçus et assemblés à Grenoble.',
    description_en: 'High-efficiency solar panels and home batteries, designed and assembled in Grenoble.',
    phone: '+33 4 76 00 11 00',
    stands: [
      { slug: 'stand-helios-solaire', name: 'Helios Solaire', name_en: 'Helios Solar', optin_marketing: 1 },
      { slug: 'stand-helios-stockage', name: 'Helios Stockage', name_en: 'Helios Storage', optin_marketing: null },
    ],
  },
  {
    name: 'Nordic Robotics',
    domain: 'nordic-robotics',
    description: 'Bras robotisés collaboratifs pour les ateliers et les entrepôts, programmables sans code.',
    description_en: 'Collaborative robot arms for workshops and warehouses, programmable without code.',
    phone: '+33 3 20 00 33 00',
    stands: [{ slug: 'stand-nordic-robotics', name: 'Robotique Nordique', name_en: 'Nordic Robotics', optin_marketing: 0 }],
  },
  {
    name: 'AquaPure Technologies',
    domain: 'aquapure',
    description: 'Purification de l’eau par membranes céramiques pour les collectivités et l’industrie.',
    description_en: 'Ceramic-membrane water purification for municipalities and industry.',
    phone: '+33 5 56 00 12 34',
    stands: [{ slug: 'stand-aquapure', name: 'AquaPure – Eau pure', name_en: 'AquaPure – Clean Water', optin_marketing: null }],
  },
  {
    name: 'Verdi Mobilité',
    domain: 'verdi-mobilite',
    description: 'Vélos cargo électriques et flottes partagées pour la livraison du dernier kilomètre.',
    description_en: 'Electric cargo bikes and shared fleets for last-mile delivery.',
    phone: '+33 1 84 00 22 33',
    stands: [{ slug: 'stand-verdi', name: 'Verdi Mobilité', name_en: 'Verdi Mobility', optin_marketing: null }],
  },
  {
    name: 'Cobalt Cloud',
    domain: 'cobalt-cloud',
    description: 'Hébergement cloud souverain, certifié HDS, avec un support humain 24 h/24.',
    description_en: 'Sovereign cloud hosting, health-data certified, with round-the-clock human support.',
    phone: '+33 1 70 00 44 55',
    stands: [{ slug: 'stand-cobalt-cloud', name: 'Cobalt Cloud', name_en: 'Cobalt Cloud', optin_marketing: 1 }],
  },
  {
    name: 'Atelier Lumen',
    domain: 'atelier-lumen',
    description: 'Éclairage architectural sur mesure, piloté par capteurs de présence et de lumière du jour.',
    description_en: 'Bespoke architectural lighting driven by presence and daylight sensors.',
    phone: '+33 4 91 00 55 66',
    stands: [{ slug: 'stand-lumen', name: 'Atelier Lumen', name_en: 'Lumen Studio', optin_marketing: null }],
  },
  {
    name: 'BioNova Santé',
    domain: 'bionova',
    description: 'Capteurs portables de suivi cardiaque pour la télésurveillance des patients.',
    description_en: 'Wearable heart-monitoring sensors for remote patient follow-up.',
    phone: '+33 3 88 00 66 77',
    stands: [{ slug: 'stand-bionova', name: 'BioNova Santé', name_en: 'BioNova Health', optin_marketing: 0 }],
  },
  {
    name: 'Quantix Data',
    domain: 'quantix',
    description: 'Tableaux de bord et prévisions de ventes pour le commerce de détail, sans data scientist.',
    description_en: 'Dashboards and sales forecasts for retail, no data scientist required.',
    phone: '+33 2 99 00 77 88',
    stands: [{ slug: 'stand-quantix', name: 'Quantix Données', name_en: 'Quantix Data', optin_marketing: null }],
  },
  {
    name: 'Forge 3D',
    domain: 'forge3d',
    description: 'Impression 3D métal pour le prototypage rapide et les petites séries aéronautiques.',
    description_en: 'Metal 3D printing for rapid prototyping and small aerospace series.',
    phone: '+33 5 61 00 88 99',
    stands: [{ slug: 'stand-forge3d', name: 'Forge 3D – Impression métal', name_en: 'Forge 3D – Metal Printing', optin_marketing: null }],
  },
  {
    name: 'Terra Agritech',
    domain: 'terra-agritech',
    description: 'Sondes de sol connectées et irrigation de précision pour vignobles et vergers.',
    description_en: 'Connected soil probes and precision irrigation for vineyards and orchards.',
    phone: '+33 4 67 00 99 00',
    stands: [{ slug: 'stand-terra', name: 'Terra Agritech', name_en: 'Terra Agritech', optin_marketing: 1 }],
  },
  {
    name: 'Sentinel Sécurité',
    domain: 'sentinel',
    description: 'Audit de cybersécurité, tests d’intrusion et formation des équipes à l’hameçonnage.',
    description_en: 'Cybersecurity audits, penetration testing and phishing awareness training.',
    phone: '+33 1 55 00 10 20',
    stands: [{ slug: 'stand-sentinel', name: 'Sentinel Sécurité', name_en: 'Sentinel Security', optin_marketing: null }],
  },
  {
    name: 'Orbital Drones',
    domain: 'orbital-drones',
    description: 'Drones d’inspection autonomes pour les ouvrages d’art et les lignes électriques.',
    description_en: 'Autonomous inspection drones for bridges and power lines.',
    phone: '+33 2 40 00 20 30',
    stands: [{ slug: 'stand-orbital', name: 'Orbital Drones', name_en: 'Orbital Drones', optin_marketing: null }],
  },
  {
    name: 'Maison Kali',
    domain: 'maison-kali',
    description: 'Domotique ouverte et sobre : thermostats, volets et prises pilotés localement.',
    description_en: 'Open, frugal home automation: thermostats, shutters and plugs controlled locally.',
    phone: '+33 3 80 00 30 40',
    stands: [{ slug: 'stand-kali', name: 'Maison Kali', name_en: 'Kali Home', optin_marketing: 0 }],
  },
];

export const DEMO_PANORAMAS = [
  { slug: 'home', kind: 'home', name: 'Hall d’accueil', name_en: 'Welcome hall' },
  { slug: 'plan', kind: 'plan', name: 'Plan du salon', name_en: 'Floor plan' },
  { slug: 'conference', kind: 'conference', name: 'Salle de conférence', name_en: 'Conference room' },
] as const;

export const DEMO_PARAMETERS: StoredParameters = {
  room_name: 'Salon de l’innovation',
  room_name_en: 'Innovation Fair',
  social_title: 'Salon de l’innovation – le salon virtuel',
  social_title_en: 'Innovation Fair – the virtual trade show',
  social_description: 'Visitez 14 stands en 360°, discutez avec les exposants et assistez aux conférences, depuis chez vous.',
  social_description_en: 'Visit 14 stands in 360°, chat with exhibitors and attend talks, from home.',
  social_image: '/media/social.svg',
  room_desc: 'Énergie, robotique, santé, données : les entreprises qui innovent vous reçoivent sur leur stand virtuel.',
  room_desc_en: 'Energy, robotics, health, data: innovative companies welcome you on their virtual stands.',
  form_text: 'Vos données sont transmises uniquement à l’exposant concerné et à l’organisateur du salon.',
  ga_ua: '',
  stands_optin_marketing: true,
  contest_optin_marketing: true,
  contests: ['default'],
  styles: { sidebar: { opacity: 85, blur: 12 } },
  exhibitor_search_permissions: ['visitor', 'exhibitor', 'connected', 'stand_vistor'],
  visitor_search_permissions: ['exhibitor', 'connected', 'stand_exhibitor'],
  last_activity_period: 900,
  exhibitor_activity_period_before_hide: 600,
  exhibitor_force_visio_link: false,
  exhibitor_upc_priority_action: 'chat',
  feedback_delay: 1200,
  gif_key: '',
};

export const DEMO_FEATURES: Record<string, boolean> = { journey: true };
