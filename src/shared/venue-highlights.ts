/**
 * What the venue offers, as the home page describes it: activities, age guidelines, the about claims
 * and the pictures. Facts about the place, kept beside venue.ts so no page writes them inline.
 * Prices, hours and sessions stay in venue.ts.
 */

export const ageRangeLabel = 'Ages 0-12';

export const aboutClaims = [
  { id: 'clean', title: 'Sanitised daily', text: 'Every zone is cleaned and sanitised every day, before we open.' },
  {
    id: 'staff',
    title: 'Trained staff supervision',
    text: 'Our friendly, first-aid trained team keeps an eye on every zone.',
  },
  {
    id: 'zones',
    title: 'Age-appropriate zones',
    text: 'Separate areas for babies, toddlers and big kids, so everyone plays safely.',
  },
  { id: 'rating', title: '5-star rated by families', text: 'Local families rate their visits five stars.' },
] as const;

export type Activity = {
  id: string;
  emoji: string;
  title: string;
  ages?: string;
  text: string;
  tone: 'brand' | 'berry' | 'sky' | 'sun';
};

export const activities: Activity[] = [
  {
    id: 'adventure',
    emoji: '🧗',
    title: 'Adventure Zone',
    ages: 'Ages 5-12',
    text: 'A multi-level soft play frame with a ninja course, slides, climbing walls and ball blasters.',
    tone: 'brand',
  },
  {
    id: 'toddler',
    emoji: '🧸',
    title: 'Toddler Haven',
    ages: 'Ages 0-4',
    text: 'A gentle, enclosed space with soft shapes, a mini slide and a ball pool for little ones.',
    tone: 'berry',
  },
  {
    id: 'party',
    emoji: '🎉',
    title: 'Party Rooms',
    text: 'Bright private rooms for birthday food, candles and presents, decorated for you.',
    tone: 'sun',
  },
  {
    id: 'cafe',
    emoji: '☕',
    title: 'Parent Cafe',
    text: 'Freshly made food and proper coffee, with seats that look over the play frame.',
    tone: 'sky',
  },
  {
    id: 'sensory',
    emoji: '✨',
    title: 'Sensory Room',
    text: 'Calm lights, sounds and interactive projections that respond to little hands and feet.',
    tone: 'brand',
  },
  {
    id: 'roleplay',
    emoji: '🎭',
    title: 'Role Play Rooms',
    text: 'A mini town with a shop, kitchen and vet, where imaginations run the show.',
    tone: 'berry',
  },
];

export const ageGuidelines = [
  { id: 'under-1', ages: 'Under 1s', text: 'Our dedicated sensory area, with soft mats and lights.' },
  { id: '1-6', ages: 'Ages 1-6', text: 'Role play rooms and the toddler zone.' },
  { id: '4-12', ages: 'Ages 4-12', text: 'The ninja course and the large soft play frame.' },
] as const;

/**
 * The venue's pictures: files in public/images/ that the venue can replace with photos (keep the
 * sizes or update them here). Until then, illustrations.
 */
export const venuePictures = {
  about: {
    src: '/images/about-play-frame.svg',
    width: 560,
    height: 420,
    alt: 'Illustration of children climbing, sliding and playing in the ball pool of the Play Time Barn soft play frame',
  },
  map: {
    src: '/images/map-placeholder.svg',
    width: 560,
    height: 320,
    alt: 'Map placeholder: a simple drawing of East Quay with a pin marking Play Time Barn. Use the map links below for a real map.',
  },
} as const;
