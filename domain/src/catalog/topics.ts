/** The 12 topics of the Create wizard (spec section 3). The label is the value the API accepts. */
export const CUSTOM_TOPIC = 'Custom Topic';

export const TOPICS = [
  { id: 'travel-destinations', label: 'Travel Destinations', description: 'Hidden gems and bucket-list places around the world.' },
  { id: 'what-if', label: 'What If?', description: 'Wild hypotheticals, followed to their logical end.' },
  { id: 'scary-stories', label: 'Scary Stories', description: 'Short tales that keep viewers up at night.' },
  { id: 'bedtime-stories', label: 'Bedtime Stories', description: 'Gentle stories to wind down with.' },
  { id: 'interesting-history', label: 'Interesting History', description: 'Surprising moments from the past.' },
  { id: 'urban-legends', label: 'Urban Legends', description: 'Myths and rumours from around the world.' },
  { id: 'motivational', label: 'Motivational', description: 'Short pushes to keep going.' },
  { id: 'fun-facts', label: 'Fun Facts', description: 'Things you did not know you wanted to know.' },
  { id: 'life-pro-tips', label: 'Life Pro Tips', description: 'Small tricks that make life easier.' },
  { id: 'long-form-jokes', label: 'Long Form Jokes', description: 'Jokes with a long set-up and a good punchline.' },
  { id: 'philosophy', label: 'Philosophy', description: 'Big ideas in under a minute.' },
  { id: 'custom-topic', label: CUSTOM_TOPIC, description: 'Write your own prompt.' },
] as const;

export type TopicLabel = (typeof TOPICS)[number]['label'];
export const TOPIC_LABELS = TOPICS.map((t) => t.label) as [TopicLabel, ...TopicLabel[]];

export function isTopic(value: string): value is TopicLabel {
  return (TOPIC_LABELS as readonly string[]).includes(value);
}
