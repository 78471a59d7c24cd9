import { TOPICS } from '@app/domain';

/**
 * What a scene shows when its words name nothing drawable: subjects that fit the video's topic
 * (the 12 topics of the catalogue), never a random creature. Scenes take turns through the list.
 */
export const TOPIC_SUBJECTS: Record<(typeof TOPICS)[number]['label'], string[]> = {
  'Travel Destinations': ['globe-showing-americas', 'airplane', 'luggage', 'world-map', 'compass'],
  'What If?': ['ringed-planet', 'crystal-ball', 'comet', 'rocket'],
  'Scary Stories': ['ghost', 'jack-o-lantern', 'candle', 'spider-web'],
  'Bedtime Stories': ['crescent-moon', 'teddy-bear', 'owl', 'candle'],
  'Interesting History': ['scroll', 'castle', 'classical-building', 'amphora', 'crossed-swords'],
  'Urban Legends': ['flying-saucer', 'full-moon', 'footprints', 'crystal-ball'],
  Motivational: ['snow-capped-mountain', 'trophy', 'rocket', 'seedling'],
  'Fun Facts': ['light-bulb', 'brain', 'books', 'sparkles'],
  'Life Pro Tips': ['light-bulb', 'toolbox', 'key', 'spiral-notepad'],
  'Long Form Jokes': ['face-with-tears-of-joy', 'clown-face', 'microphone', 'rolling-on-the-floor-laughing'],
  Philosophy: ['thinking-face', 'classical-building', 'books', 'owl', 'hourglass-done'],
  'Custom Topic': ['sparkles', 'light-bulb', 'thought-balloon', 'books'],
};

/** The fallback subjects of a topic (an unknown topic gets the custom topic's). */
export function topicSubjects(topic: string | undefined): string[] {
  return (topic && (TOPIC_SUBJECTS as Record<string, string[]>)[topic]) || TOPIC_SUBJECTS['Custom Topic'];
}
