import { englishTitleCase, isQuestionSubject, subjectAtStart, subjectInSentence } from './subject-case';

describe('Given a subject a creator typed as the start of a sentence', () => {
  it('should lower its opening word inside a sentence, in English, Spanish and French', () => {
    expect(subjectInSentence('Why owls hoot at night', 'en')).toBe('why owls hoot at night');
    expect(subjectInSentence('The history of chocolate', 'en')).toBe('the history of chocolate');
    expect(subjectInSentence('Los volcanes de Islandia', 'es')).toBe('los volcanes de Islandia');
    expect(subjectInSentence('L’histoire du chocolat', 'fr')).toBe('l’histoire du chocolat');
    expect(subjectInSentence('Pourquoi le ciel est bleu', 'fr')).toBe('pourquoi le ciel est bleu');
  });

  it('should keep a name, an acronym or a brand as written', () => {
    expect(subjectInSentence('Paris in the 1920s', 'en')).toBe('Paris in the 1920s');
    expect(subjectInSentence('NASA missions', 'en')).toBe('NASA missions');
    expect(subjectInSentence('iPhone history', 'en')).toBe('iPhone history');
    expect(subjectInSentence('Marie Curie', 'fr')).toBe('Marie Curie');
  });

  it('should capitalise it at the start of a sentence', () => {
    expect(subjectAtStart('how bees dance')).toBe('How bees dance');
  });
});

describe('Given an English title with a subject put into it', () => {
  it('should give every word a capital but the short words inside it', () => {
    expect(englishTitleCase('Everything About why owls hoot at night in One Minute')).toBe('Everything About Why Owls Hoot at Night in One Minute');
    expect(englishTitleCase('The Truth About the history of chocolate')).toBe('The Truth About the History of Chocolate');
    expect(englishTitleCase('How bees dance: What You Need to Know')).toBe('How Bees Dance: What You Need to Know');
  });

  it('should capitalise a short word that opens the title, follows a colon or ends it, and keep words with capitals of their own', () => {
    expect(englishTitleCase('the war of the worlds: a guide to')).toBe('The War of the Worlds: A Guide To');
    expect(englishTitleCase('Everything About iPhone and NASA in One Minute')).toBe('Everything About iPhone and NASA in One Minute');
    expect(englishTitleCase('The Truth About well-known myths (and 3 facts)')).toBe('The Truth About Well-known Myths (and 3 Facts)');
  });
});

describe('Given a subject that may be a question in indirect form', () => {
  it('should tell a question from a noun or a supposition, in each language', () => {
    expect(isQuestionSubject('Why owls hoot at night', 'en')).toBe(true);
    expect(isQuestionSubject('how to bake bread', 'en')).toBe(true);
    expect(isQuestionSubject('¿Por qué los búhos ululan?', 'es')).toBe(true);
    expect(isQuestionSubject('Comment naissent les étoiles', 'fr')).toBe(true);
    expect(isQuestionSubject('The history of chocolate', 'en')).toBe(false);
    expect(isQuestionSubject('What if the moon disappeared', 'en')).toBe(false);
    expect(isQuestionSubject('Whales', 'en')).toBe(false);
  });
});
