import { b, type TopicLibrary } from './types';

/**
 * Custom prompts. A prompt of two or more sentences is the narration itself (the creator wrote it);
 * a short prompt is a subject, and these beats are written around it (`{s}` is the subject).
 */
export const CUSTOM: TopicLibrary = {
  topic: 'Custom Topic', mood: 'upbeat', ordered: true,
  titles: {
    en: ['{S}: What You Need to Know', 'Everything About {s} in {t}', 'The Truth About {s}'],
    es: ['{S}: lo que necesitas saber', 'Todo sobre {s} en {t}', 'La verdad sobre {s}'],
    fr: ['{S} : ce qu’il faut savoir', 'Tout sur {s} en {t}', 'La vérité sur {s}'],
  },
  hooks: [
    b('a spotlight on a stage with a big question mark', 'Let us talk about {s}. It is more interesting than you think.', 'Hablemos de {s}. Es más interesante de lo que crees.', 'Parlons de {s}. C’est plus intéressant que vous ne le pensez.'),
    b('an open notebook with sketches and arrows', 'You have probably heard of {s}, but have you ever really looked at it?', 'Seguro que has oído hablar de {s}, pero ¿alguna vez lo has mirado de verdad?', 'Vous avez sûrement entendu parler de {s}, mais l’avez-vous déjà vraiment regardé de près ?'),
  ],
  beats: [
    b('a timeline drawn on a wall with old photographs', 'Every story about {s} starts somewhere, usually with a person who was curious enough to ask a simple question.', 'Toda historia sobre {s} empieza en algún sitio, casi siempre con alguien lo bastante curioso para hacer una pregunta sencilla.', 'Chaque histoire sur {s} commence quelque part, souvent avec une personne assez curieuse pour poser une question simple.'),
    b('a magnifying glass over a detailed diagram', 'Look closer at {s} and you find details most people walk right past every single day.', 'Si miras {s} de cerca, encuentras detalles que la mayoría pasa por alto cada día.', 'Regardez {s} de plus près et vous trouverez des détails que la plupart des gens ignorent chaque jour.'),
    b('two people debating at a table with coffee cups', 'People disagree about {s} more than you would expect, and both sides have a point worth hearing.', 'La gente discrepa sobre {s} más de lo que imaginas, y las dos partes tienen algo que vale la pena escuchar.', 'Les avis sur {s} divergent plus qu’on ne le croit, et chaque camp a un argument qui mérite d’être entendu.'),
    b('a surprising twist shown as a road splitting in two', 'The surprising part is how much {s} has changed over time, and how fast it is still changing now.', 'Lo sorprendente es cuánto ha cambiado {s} con el tiempo y lo rápido que sigue cambiando ahora.', 'Le plus surprenant, c’est à quel point {s} a changé avec le temps, et à quelle vitesse cela change encore.'),
    b('hands building something with tools on a workbench', 'If you want to get into {s} yourself, start small, stay curious, and learn from people who have done it before.', 'Si quieres meterte en {s}, empieza poco a poco, mantén la curiosidad y aprende de quienes ya lo han hecho.', 'Si vous voulez vous lancer dans {s}, commencez petit, restez curieux et apprenez de ceux qui l’ont déjà fait.'),
    b('a common myth crossed out on a chalkboard', 'One common myth about {s} is that it is complicated. In truth, the basics fit in a single conversation.', 'Un mito común sobre {s} es que es complicado. En realidad, lo básico cabe en una sola conversación.', 'Un mythe courant sur {s} est que c’est compliqué. En vérité, l’essentiel tient en une seule conversation.'),
    b('a city skyline at night with connected lights', '{S} touches more lives than you would think, often in quiet ways nobody notices.', '{S} toca más vidas de lo que pensarías, a menudo de formas discretas que nadie nota.', '{S} touche plus de vies qu’on ne le croit, souvent de façon discrète.'),
    b('a sunrise over a horizon with a path ahead', 'And the future of {s} is still being written, maybe by someone watching this right now.', 'Y el futuro de {s} aún se está escribiendo, quizá por alguien que está viendo esto ahora mismo.', 'Et l’avenir de {s} s’écrit encore, peut-être par quelqu’un qui regarde ceci en ce moment.'),
  ],
  outros: [
    b('a thumbs up next to a glowing follow button', 'Now you know a little more about {s}. Follow for more.', 'Ahora sabes un poco más sobre {s}. Sígueme para más.', 'Vous en savez maintenant un peu plus sur {s}. Abonnez-vous pour la suite.'),
    b('a question mark turning into a lightbulb', 'What else should I cover about {s}? Tell me in the comments.', '¿Qué más debería contar sobre {s}? Dímelo en los comentarios.', 'Que devrais-je encore raconter sur {s} ? Dites-le-moi en commentaire.'),
  ],
  hashtags: { en: ['#learnontiktok', '#explained'], es: ['#aprende', '#explicado'], fr: ['#apprendre', '#explication'] },
};

/**
 * Custom prompts that are a question in indirect form ("Why owls hoot at night", "Cómo bailan las
 * abejas", "Pourquoi le ciel est bleu"): beats written around a question, where the ones above,
 * written around a noun ("the future of {s}"), would not read.
 */
export const CUSTOM_QUESTION: TopicLibrary = {
  topic: 'Custom Topic', mood: 'upbeat', ordered: true,
  titles: {
    en: ['{S}?', '{S}: The Answer Might Surprise You', 'Ever Wondered {s}?'],
    es: ['¿{S}?', '{S}: la respuesta te sorprenderá', '¿Alguna vez te preguntaste {s}?'],
    fr: ['{S} ?', '{S} : la réponse va vous surprendre', 'Vous êtes-vous déjà demandé {s} ?'],
  },
  hooks: [
    b('a curious child looking up at the sky, wondering {s}', 'Have you ever wondered {s}? Most people never stop to ask.', '¿Alguna vez te has preguntado {s}? Casi nadie se detiene a pensarlo.', 'Vous êtes-vous déjà demandé {s} ? Presque personne ne prend le temps d’y penser.'),
    b('a detective with a magnifying glass and a notebook, looking into {s}', 'Here is a question worth {l} of your time: {s}?', 'Una pregunta que merece {l} de tu tiempo: ¿{s}?', 'Voici une question qui mérite {l} : {s} ?'),
  ],
  beats: [
    b('an old library with dusty books and a reading lamp, about {s}', 'People have wondered {s} for a long time, and the first answers were mostly guesses.', 'La gente se ha preguntado {s} durante mucho tiempo, y las primeras respuestas eran casi siempre suposiciones.', 'On se demande {s} depuis longtemps, et les premières réponses n’étaient souvent que des suppositions.'),
    b('a magnifying glass over a detailed diagram of {s}', 'To understand {s}, you have to look at the small details most of us walk right past.', 'Para entender {s}, hay que fijarse en los pequeños detalles que casi todos pasamos por alto.', 'Pour comprendre {s}, il faut regarder les petits détails que la plupart d’entre nous ignorent.'),
    b('a scientist testing an idea with simple tools on a table, about {s}', 'Curious people have tested ideas about {s}, and some of the results are surprising.', 'Mucha gente curiosa ha puesto a prueba ideas sobre {s}, y algunos resultados sorprenden.', 'Des curieux ont testé des idées sur {s}, et certains résultats sont surprenants.'),
    b('two people debating at a table with coffee cups, about {s}', 'Not everyone agrees on {s}, and both sides have a point worth hearing.', 'No todo el mundo está de acuerdo sobre {s}, y las dos partes tienen algo que vale la pena escuchar.', 'Tout le monde n’est pas d’accord sur {s}, et chaque camp a un argument qui mérite d’être entendu.'),
    b('a lightbulb glowing above an open notebook, about {s}', 'The short answer to {s} is simpler than it sounds, and the long answer is even better.', 'La respuesta corta a {s} es más sencilla de lo que parece, y la larga es todavía mejor.', 'En bref, savoir {s} est plus simple qu’il n’y paraît, et la version longue est encore meilleure.'),
    b('a street where the same pattern repeats on every wall, showing {s}', 'And once you know {s}, you start noticing it everywhere.', 'Y cuando sabes {s}, empiezas a notarlo por todas partes.', 'Et une fois qu’on sait {s}, on le remarque partout.'),
  ],
  outros: [
    b('a thumbs up next to a glowing follow button', 'Now you know a little more about {s}. Follow for more.', 'Ahora sabes un poco más sobre {s}. Sígueme para más.', 'Vous en savez maintenant un peu plus sur {s}. Abonnez-vous pour la suite.'),
    b('a question mark turning into a lightbulb', 'Did you already know {s}? Tell me in the comments.', '¿Ya sabías {s}? Cuéntamelo en los comentarios.', 'Saviez-vous déjà {s} ? Dites-le-moi en commentaire.'),
  ],
  hashtags: CUSTOM.hashtags,
};
