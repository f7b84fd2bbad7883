// The curated challenge list shipped with Punday: a category (what the pun is about) and an
// output (what kind of thing to name). spec §9's fallback ten come first.
import { FALLBACK_CATEGORIES } from '#shared/constants';

export const CATEGORIES: readonly string[] = [
  ...FALLBACK_CATEGORIES,
  'Science',
  'Space',
  'Weather',
  'Ocean',
  'History',
  'Gardening',
  'Coffee',
  'Cheese',
  'Dinosaurs',
  'Pirates',
  'Cats',
  'Dogs',
  'Birds',
  'Fruit',
  'Vegetables',
  'Baking',
  'Fashion',
  'Video Games',
  'Board Games',
  'Math',
  'Halloween',
  'Winter',
  'Summer',
  'Camping',
  'Cars',
  'Trains',
  'Office Life',
  'School',
  'Medicine',
  'Magic',
];

export const OUTPUTS: readonly string[] = [
  'Restaurant Name',
  'Band Name',
  'Movie Title',
  'Book Title',
  'Product Slogan',
  'Podcast Name',
  'Sports Team Name',
  'Bakery Name',
  'Boat Name',
  'TV Show Title',
  'Hair Salon Name',
  'Food Truck Name',
  'Superhero Name',
  'Perfume Name',
  'Coffee Shop Name',
  'Album Title',
  'Video Game Title',
  'Gym Name',
];

/** spec §8: no category repeats within this many days. */
export const CATEGORY_REPEAT_WINDOW_DAYS = 14;
