/* The demo salon's exhibitors, per stand (see `seed-data.ts`). */

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
