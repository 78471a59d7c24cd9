import { TRAVEL, WHAT_IF, HISTORY, FUN_FACTS } from './facts-topics';
import { LIFE_PRO_TIPS, MOTIVATIONAL, PHILOSOPHY } from './advice-topics';
import { SCARY_STORIES, BEDTIME_STORIES, URBAN_LEGENDS, LONG_FORM_JOKES } from './story-topics';
import { CUSTOM, CUSTOM_QUESTION } from './custom';
import type { TopicLibrary } from './types';

export * from './types';
export { CUSTOM, CUSTOM_QUESTION };

const TOPIC_LIBRARIES: readonly TopicLibrary[] = [
  TRAVEL, WHAT_IF, SCARY_STORIES, BEDTIME_STORIES, HISTORY, URBAN_LEGENDS, MOTIVATIONAL, FUN_FACTS,
  LIFE_PRO_TIPS, LONG_FORM_JOKES, PHILOSOPHY,
];

/** The library of a topic label; unknown topics and 'Custom Topic' get the custom library. */
export function libraryFor(topic: string): TopicLibrary {
  return TOPIC_LIBRARIES.find((l) => l.topic.toLowerCase() === topic.trim().toLowerCase()) ?? CUSTOM;
}

/** Background music mood for a topic. */
export function moodForTopic(topic: string): TopicLibrary['mood'] {
  return libraryFor(topic).mood;
}
