import type { ProfileCode } from './schema';
import type { StoredParameters } from '../services/settings';

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

export interface DemoExhibitor {
  firstname: string;
  lastname: string;
  function: string;
  function_en: string;
  presentation: string;
  presentation_en: string;
  availability: 0 | 1;
  hidden: 0 | 1;
  visio: boolean;
  /** Fields kept private, on top of birthdate which nobody publishes in the demo. */
  private?: string[];
}

/** Exhibitors per stand slug; the demo accounts' own details are merged into the first two. */
export const DEMO_EXHIBITORS: Record<string, DemoExhibitor[]> = {
  'stand-helios-solaire': [
    {
      firstname: 'Claire',
      lastname: 'Fontaine',
      function: 'Directrice commerciale',
      function_en: 'Sales director',
      presentation: 'Je vous aide à dimensionner une installation solaire adaptée à votre toiture et à votre consommation.',
      presentation_en: 'I help you size a solar installation suited to your roof and your consumption.',
      availability: 1,
      hidden: 0,
      visio: true,
    },
    {
      firstname: 'Hugo',
      lastname: 'Lambert',
      function: 'Ingénieur photovoltaïque',
      function_en: 'Photovoltaic engineer',
      presentation: 'Rendement, ombrages, raccordement : posez-moi vos questions techniques.',
      presentation_en: 'Yield, shading, grid connection: ask me your technical questions.',
      availability: 1,
      hidden: 0,
      visio: false,
    },
  ],
  'stand-helios-stockage': [
    {
      firstname: 'Inès',
      lastname: 'Garnier',
      function: 'Cheffe de produit batteries',
      function_en: 'Battery product manager',
      presentation: 'Stockage domestique et autoconsommation : découvrez notre batterie modulaire.',
      presentation_en: 'Home storage and self-consumption: discover our modular battery.',
      availability: 0,
      hidden: 0,
      visio: false,
      private: ['mobile'],
    },
  ],
  'stand-nordic-robotics': [
    {
      firstname: 'Jonas',
      lastname: 'Berg',
      function: 'Responsable des ventes France',
      function_en: 'Sales manager, France',
      presentation: 'Vingt ans d’automatisation industrielle, je vous montre nos cobots en démonstration.',
      presentation_en: 'Twenty years in industrial automation; let me show you our cobots live.',
      availability: 1,
      hidden: 0,
      visio: true,
    },
    {
      firstname: 'Maja',
      lastname: 'Lindqvist',
      function: 'Ingénieure d’applications',
      function_en: 'Applications engineer',
      presentation: 'Je programme votre premier cas d’usage avec vous, en direct.',
      presentation_en: 'I program your first use case with you, live.',
      availability: 0,
      hidden: 1,
      visio: false,
    },
  ],
  'stand-aquapure': [
    {
      firstname: 'Nadia',
      lastname: 'Benali',
      function: 'Directrice technique',
      function_en: 'Technical director',
      presentation: 'Membranes céramiques, traitement des micropolluants et retours d’expérience.',
      presentation_en: 'Ceramic membranes, micropollutant treatment and field experience.',
      availability: 1,
      hidden: 0,
      visio: true,
    },
  ],
  'stand-verdi': [
    {
      firstname: 'Lucas',
      lastname: 'Mercier',
      function: 'Responsable flottes',
      function_en: 'Fleet manager',
      presentation: 'Vous livrez en centre-ville ? Parlons de vos tournées et de nos vélos cargo.',
      presentation_en: 'Delivering downtown? Let us talk about your rounds and our cargo bikes.',
      availability: 1,
      hidden: 0,
      visio: false,
      private: ['linkedin'],
    },
  ],
  'stand-cobalt-cloud': [
    {
      firstname: 'Sarah',
      lastname: 'Cohen',
      function: 'Architecte cloud',
      function_en: 'Cloud architect',
      presentation: 'Migration, haute disponibilité et conformité : je réponds à vos questions.',
      presentation_en: 'Migration, high availability and compliance: I answer your questions.',
      availability: 1,
      hidden: 0,
      visio: true,
    },
    {
      firstname: 'Paul',
      lastname: 'Durand',
      function: 'Chargé d’affaires',
      function_en: 'Account manager',
      presentation: 'Un devis en quelques minutes pour votre projet d’hébergement.',
      presentation_en: 'A quote in minutes for your hosting project.',
      availability: 0,
      hidden: 0,
      visio: false,
    },
  ],
  'stand-lumen': [
    {
      firstname: 'Élodie',
      lastname: 'Marchand',
      function: 'Conceptrice lumière',
      function_en: 'Lighting designer',
      presentation: 'Chaque projet commence par une promenade : montrez-moi vos espaces.',
      presentation_en: 'Every project starts with a walk: show me your spaces.',
      availability: 1,
      hidden: 0,
      visio: false,
    },
  ],
  'stand-bionova': [
    {
      firstname: 'Karim',
      lastname: 'Haddad',
      function: 'Médecin conseil',
      function_en: 'Medical advisor',
      presentation: 'Télésurveillance cardiaque : protocoles, remboursement et retours des patients.',
      presentation_en: 'Remote cardiac monitoring: protocols, reimbursement and patient feedback.',
      availability: 1,
      hidden: 0,
      visio: true,
      private: ['mobile'],
    },
  ],
  'stand-quantix': [
    {
      firstname: 'Julie',
      lastname: 'Roche',
      function: 'Consultante data',
      function_en: 'Data consultant',
      presentation: 'Je vous montre vos propres ventes dans un tableau de bord en dix minutes.',
      presentation_en: 'I show you your own sales in a dashboard in ten minutes.',
      availability: 0,
      hidden: 0,
      visio: false,
    },
  ],
  'stand-forge3d': [
    {
      firstname: 'Marc',
      lastname: 'Vidal',
      function: 'Responsable production',
      function_en: 'Production manager',
      presentation: 'Titane, Inconel, aluminium : apportez vos pièces, nous parlons faisabilité.',
      presentation_en: 'Titanium, Inconel, aluminium: bring your parts and we talk feasibility.',
      availability: 1,
      hidden: 0,
      visio: false,
    },
  ],
  'stand-terra': [
    {
      firstname: 'Anaïs',
      lastname: 'Blanc',
      function: 'Agronome',
      function_en: 'Agronomist',
      presentation: 'Moins d’eau, de meilleurs rendements : nos sondes en conditions réelles.',
      presentation_en: 'Less water, better yields: our probes in real conditions.',
      availability: 1,
      hidden: 0,
      visio: true,
    },
  ],
  'stand-sentinel': [
    {
      firstname: 'Yann',
      lastname: 'Le Goff',
      function: 'Pentesteur senior',
      function_en: 'Senior penetration tester',
      presentation: 'Ce que voit un attaquant de votre entreprise, et comment le réduire.',
      presentation_en: 'What an attacker sees of your company, and how to shrink it.',
      availability: 0,
      hidden: 0,
      visio: false,
    },
  ],
  'stand-orbital': [
    {
      firstname: 'Chloé',
      lastname: 'Perrin',
      function: 'Pilote et formatrice',
      function_en: 'Pilot and trainer',
      presentation: 'Inspection de ponts et de pylônes : démonstration vidéo sur demande.',
      presentation_en: 'Bridge and pylon inspection: video demo on request.',
      availability: 1,
      hidden: 0,
      visio: false,
    },
  ],
  'stand-kali': [
    {
      firstname: 'Romain',
      lastname: 'Faure',
      function: 'Fondateur',
      function_en: 'Founder',
      presentation: 'Une maison connectée qui fonctionne sans cloud : je vous explique comment.',
      presentation_en: 'A connected home that works without the cloud: let me explain how.',
      availability: 1,
      hidden: 0,
      visio: false,
    },
  ],
};

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

export interface DemoNotification {
  title: string;
  title_en: string;
  at: string;
  at_en: string;
  message: string;
  message_en: string;
  /** Minutes before now (negative: scheduled in the future, not listed yet). */
  minutesAgo: number;
}

const talk = (h: number, fr: string, en: string, minutesAgo: number): DemoNotification => ({
  title: `Conférence : ${fr}`,
  title_en: `Talk: ${en}`,
  at: `${h}h00`,
  at_en: `${h > 12 ? h - 12 : h}:00 ${h >= 12 ? 'pm' : 'am'}`,
  message: `La conférence « ${fr} » commence à ${h}h00 en salle de conférence.`,
  message_en: `The talk "${en}" starts at ${h > 12 ? h - 12 : h}:00 ${h >= 12 ? 'pm' : 'am'} in the conference room.`,
  minutesAgo,
});

export const DEMO_NOTIFICATIONS: DemoNotification[] = [
  {
    title: 'Bienvenue au Salon de l’innovation',
    title_en: 'Welcome to the Innovation Fair',
    at: '9h00',
    at_en: '9:00 am',
    message: 'Les portes sont ouvertes ! Consultez le plan pour trouver les stands.',
    message_en: 'Doors are open! Check the floor plan to find the stands.',
    minutesAgo: 600,
  },
  talk(9, 'L’autoconsommation solaire en 2030', 'Solar self-consumption by 2030', 570),
  talk(10, 'Cobots : premiers pas sans code', 'Cobots: first steps without code', 510),
  talk(11, 'L’eau potable face aux micropolluants', 'Drinking water and micropollutants', 450),
  {
    title: 'Pause café virtuelle',
    title_en: 'Virtual coffee break',
    at: '11h30',
    at_en: '11:30 am',
    message: 'Retrouvez les exposants disponibles dans le point de contact unique.',
    message_en: 'Meet the available exhibitors in the contact point.',
    minutesAgo: 420,
  },
  talk(12, 'Cloud souverain : mythe ou réalité ?', 'Sovereign cloud: myth or reality?', 390),
  talk(13, 'La logistique urbaine à vélo', 'Urban logistics by bike', 330),
  talk(14, 'Télésurveillance et santé connectée', 'Remote monitoring and connected health', 270),
  {
    title: 'Jeu concours',
    title_en: 'Contest',
    at: '14h30',
    at_en: '2:30 pm',
    message: 'Répondez aux 5 questions du jeu concours pour tenter de gagner une batterie Helios.',
    message_en: 'Answer the 5 contest questions for a chance to win a Helios battery.',
    minutesAgo: 240,
  },
  talk(15, 'Impression 3D métal : du prototype à la série', 'Metal 3D printing: from prototype to series', 210),
  talk(16, 'Cybersécurité des PME', 'Cybersecurity for small businesses', 150),
  talk(17, 'Drones et inspection d’ouvrages', 'Drones and structural inspection', 90),
  {
    title: 'Donnez votre avis',
    title_en: 'Give us your opinion',
    at: '17h30',
    at_en: '5:30 pm',
    message: 'Votre avis nous aide à préparer la prochaine édition : le bouton Avis est dans la barre du haut.',
    message_en: 'Your opinion helps us prepare the next edition: the Feedback button is in the top bar.',
    minutesAgo: 30,
  },
  talk(18, 'Clôture : la maison sobre et connectée', 'Closing: the frugal connected home', -60),
];
