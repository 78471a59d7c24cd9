import { b, type TopicLibrary } from './types';

export const LIFE_PRO_TIPS: TopicLibrary = {
  topic: 'Life Pro Tips', mood: 'upbeat', ordered: false,
  titles: {
    en: ['Life Pro Tips That Actually Work', 'Small Tricks That Make Life Easier', 'Tips I Wish I Knew Years Ago'],
    es: ['Trucos de vida que funcionan de verdad', 'Pequeños trucos que facilitan la vida', 'Consejos que ojalá hubiera sabido antes'],
    fr: ['Des astuces de vie qui marchent vraiment', 'Petites astuces pour se simplifier la vie', 'Des conseils que j’aurais aimé connaître plus tôt'],
  },
  hooks: [
    b('a tidy desk with a notebook, coffee and a checklist', 'These small tricks will quietly make every day a little easier.', 'Estos pequeños trucos harán cada día un poco más fácil.', 'Ces petites astuces vont rendre chaque journée un peu plus simple.'),
    b('a toolbox full of everyday objects glowing', 'Steal these life hacks. Nobody will know, and your future self will thank you.', 'Roba estos trucos. Nadie lo sabrá y tu yo del futuro te lo agradecerá.', 'Volez ces astuces. Personne ne le saura et votre futur vous remerciera.'),
  ],
  beats: [
    b('a person setting a two minute timer on a phone', 'Use the two minute rule. If a task takes less than two minutes, do it right now instead of writing it down.', 'Usa la regla de los dos minutos. Si una tarea dura menos de dos minutos, hazla ahora en vez de apuntarla.', 'Appliquez la règle des deux minutes. Si une tâche prend moins de deux minutes, faites-la tout de suite au lieu de la noter.'),
    b('keys, wallet and phone placed in a bowl by a front door', 'Give your keys, wallet and phone one home by the door. You will never lose ten minutes searching again.', 'Dale a tus llaves, cartera y móvil un único sitio junto a la puerta. Nunca más perderás diez minutos buscándolos.', 'Donnez à vos clés, portefeuille et téléphone une seule place près de la porte. Vous ne perdrez plus dix minutes à les chercher.'),
    b('a glass of water on a nightstand at sunrise', 'Drink a full glass of water as soon as you wake up. Mild thirst often feels like tiredness or hunger.', 'Bebe un vaso de agua nada más despertarte. Una sed leve a menudo se confunde con cansancio o hambre.', 'Buvez un grand verre d’eau dès le réveil. Une légère soif ressemble souvent à de la fatigue ou à de la faim.'),
    b('a shopping cart with a calendar showing thirty days', 'Before buying something you want but do not need, wait thirty days. Most of the urge disappears, and your money stays.', 'Antes de comprar algo que quieres pero no necesitas, espera treinta días. Casi siempre las ganas se van y el dinero se queda.', 'Avant d’acheter quelque chose dont vous n’avez pas besoin, attendez trente jours. L’envie disparaît souvent, et l’argent reste.'),
    b('a person explaining an idea to a rubber duck on a desk', 'Stuck on a problem? Explain it out loud to an object. Saying it slowly often reveals the answer.', '¿Atascado con un problema? Explícaselo en voz alta a un objeto. Decirlo despacio suele revelar la respuesta.', 'Bloqué sur un problème ? Expliquez-le à voix haute à un objet. Le dire lentement révèle souvent la solution.'),
    b('a phone lying face down across the room from a bed', 'Charge your phone across the room at night. You will sleep better, and you will have to get up to stop the alarm.', 'Carga el móvil al otro lado del cuarto por la noche. Dormirás mejor y tendrás que levantarte para apagar la alarma.', 'Rechargez votre téléphone à l’autre bout de la chambre. Vous dormirez mieux et devrez vous lever pour couper le réveil.'),
    b('a person remembering a name while shaking hands', 'When you meet someone, use their name twice in the first minute. It is the easiest way to actually remember it.', 'Cuando conozcas a alguien, di su nombre dos veces en el primer minuto. Es la forma más fácil de recordarlo.', 'Quand vous rencontrez quelqu’un, dites son prénom deux fois dans la première minute. C’est le moyen le plus simple de le retenir.'),
    b('clothes laid out on a chair the night before', 'Prepare tomorrow tonight. Lay out clothes and pack your bag, and your morning starts calm instead of rushed.', 'Prepara mañana esta noche. Deja la ropa lista y la mochila hecha, y tu mañana empezará con calma.', 'Préparez demain dès ce soir. Sortez vos vêtements et faites votre sac, et le matin commencera dans le calme.'),
  ],
  outros: [
    b('a checklist with every box ticked', 'Try one tonight, and follow for more tips that save you time.', 'Prueba uno esta noche y sígueme para más trucos que ahorran tiempo.', 'Essayez-en une ce soir et abonnez-vous pour d’autres astuces qui font gagner du temps.'),
    b('a lightbulb over a cosy living room', 'Save this so you remember it, and share your best tip in the comments.', 'Guárdalo para recordarlo y comparte tu mejor truco en los comentarios.', 'Enregistrez ceci pour vous en souvenir et partagez votre meilleure astuce en commentaire.'),
  ],
  hashtags: { en: ['#lifehacks', '#lifeprotips', '#productivity'], es: ['#trucos', '#consejos', '#productividad'], fr: ['#astuces', '#conseils', '#productivite'] },
};

export const MOTIVATIONAL: TopicLibrary = {
  topic: 'Motivational', mood: 'epic', ordered: false,
  titles: {
    en: ['Watch This When You Want to Give Up', 'Keep Going: Your Future Self Is Watching', '{T} to Get Back Up'],
    es: ['Mira esto cuando quieras rendirte', 'Sigue adelante: tu futuro te está mirando', '{T} para levantarte de nuevo'],
    fr: ['Regardez ceci quand vous voulez abandonner', 'Continuez : votre futur vous regarde', '{T} pour vous relever'],
  },
  hooks: [
    b('a runner at dawn on an empty road looking ahead', 'If you feel like giving up today, listen to this first.', 'Si hoy tienes ganas de rendirte, escucha esto primero.', 'Si vous avez envie d’abandonner aujourd’hui, écoutez d’abord ceci.'),
    b('a lone climber halfway up a steep mountain', 'Nobody sees the mornings you show up anyway. But they are the ones that change everything.', 'Nadie ve las mañanas en que apareces igual. Pero son las que lo cambian todo.', 'Personne ne voit les matins où vous êtes là malgré tout. Ce sont pourtant eux qui changent tout.'),
  ],
  beats: [
    b('a small seedling breaking through concrete', 'Every expert you admire was once a beginner who refused to quit on a bad day.', 'Cada experto que admiras fue un principiante que se negó a rendirse en un mal día.', 'Chaque expert que vous admirez a été un débutant qui a refusé d’abandonner un mauvais jour.'),
    b('a staircase of glowing steps rising into clouds', 'You do not need to see the whole staircase. You only need to take the next step, and then the one after that.', 'No necesitas ver toda la escalera. Solo tienes que dar el siguiente paso, y luego el otro.', 'Vous n’avez pas besoin de voir tout l’escalier. Il suffit de monter la prochaine marche, puis la suivante.'),
    b('a calendar with many small crosses marking days', 'Motivation fades. Habits stay. Do the small thing every day, even when it feels like nothing is happening.', 'La motivación se apaga. Los hábitos se quedan. Haz la pequeña tarea cada día, aunque parezca que no pasa nada.', 'La motivation s’efface. Les habitudes restent. Faites la petite chose chaque jour, même quand rien ne semble bouger.'),
    b('a bamboo forest with one tall shoot', 'Bamboo grows almost nothing for years while its roots spread underground. Then it can shoot up thirty metres in weeks.', 'El bambú casi no crece durante años mientras sus raíces se extienden. Luego puede subir treinta metros en semanas.', 'Le bambou ne pousse presque pas pendant des années pendant que ses racines s’étendent. Puis il peut grimper de trente mètres en quelques semaines.'),
    b('a boxer getting up from the floor of a ring', 'Falling down is not failing. Staying down is. Get up, breathe, and go one more round.', 'Caer no es fracasar. Quedarse en el suelo sí. Levántate, respira y ve a por otro asalto.', 'Tomber n’est pas échouer. Rester à terre, si. Relevez-vous, respirez et repartez pour un round.'),
    b('a person writing goals in a notebook by a window', 'Compare yourself to who you were last year, not to someone else’s highlight reel.', 'Compárate con quien eras el año pasado, no con los mejores momentos de otra persona.', 'Comparez-vous à celui que vous étiez l’an dernier, pas aux meilleurs moments des autres.'),
    b('a sunrise over a city skyline with light breaking through clouds', 'The version of you that you dream about is built in the boring hours nobody claps for.', 'La versión de ti con la que sueñas se construye en las horas aburridas que nadie aplaude.', 'La version de vous dont vous rêvez se construit pendant les heures ennuyeuses que personne n’applaudit.'),
    b('a long road through a desert toward mountains', 'Discipline is choosing what you want most over what you want right now.', 'La disciplina es elegir lo que más quieres por encima de lo que quieres ahora mismo.', 'La discipline, c’est choisir ce que vous voulez le plus plutôt que ce que vous voulez tout de suite.'),
  ],
  outros: [
    b('a person standing on a summit with arms raised', 'So keep going. Follow for your daily push.', 'Así que sigue adelante. Sígueme para tu empujón diario.', 'Alors continuez. Abonnez-vous pour votre dose quotidienne de courage.'),
    b('a lighthouse shining in a storm', 'Send this to someone who needs it today.', 'Envía esto a alguien que lo necesite hoy.', 'Envoyez ceci à quelqu’un qui en a besoin aujourd’hui.'),
  ],
  hashtags: { en: ['#motivation', '#mindset', '#keepgoing'], es: ['#motivacion', '#mentalidad', '#sigueadelante'], fr: ['#motivation', '#mindset', '#perseverance'] },
};

export const PHILOSOPHY: TopicLibrary = {
  topic: 'Philosophy', mood: 'dreamy', ordered: false,
  titles: {
    en: ['Big Ideas in {t}', 'Philosophy That Will Change Your Week', 'Old Ideas for a Noisy World'],
    es: ['Grandes ideas en {t}', 'Filosofía que cambiará tu semana', 'Ideas antiguas para un mundo ruidoso'],
    fr: ['De grandes idées en {t}', 'La philosophie qui va changer votre semaine', 'De vieilles idées pour un monde bruyant'],
  },
  hooks: [
    b('a marble statue of a thinker under a starry sky', 'Some ideas are two thousand years old and still more useful than most advice today.', 'Algunas ideas tienen dos mil años y siguen siendo más útiles que casi todos los consejos de hoy.', 'Certaines idées ont deux mille ans et restent plus utiles que la plupart des conseils d’aujourd’hui.'),
    b('an ancient Greek temple at dusk with columns', 'Here are a few big ideas, small enough to carry with you today.', 'Aquí tienes algunas grandes ideas, lo bastante pequeñas para llevarlas contigo hoy.', 'Voici quelques grandes idées, assez petites pour les emporter avec vous aujourd’hui.'),
  ],
  beats: [
    b('a stoic philosopher calm in a storm', 'The Stoics taught a simple split. Some things are up to you, and most are not. Put your energy only into the first.', 'Los estoicos enseñaban una división sencilla. Algunas cosas dependen de ti y la mayoría no. Pon tu energía solo en las primeras.', 'Les stoïciens enseignaient une distinction simple. Certaines choses dépendent de vous, la plupart non. Ne mettez votre énergie que dans les premières.'),
    b('a river flowing through a forest with stones', 'Heraclitus said you never step in the same river twice. The river changes, and so do you.', 'Heráclito dijo que nunca te bañas dos veces en el mismo río. El río cambia, y tú también.', 'Héraclite disait qu’on ne se baigne jamais deux fois dans le même fleuve. Le fleuve change, et vous aussi.'),
    b('a man pushing a boulder up a hill smiling', 'Camus imagined Sisyphus pushing his rock forever, and concluded that we must imagine him happy. Meaning is in the pushing.', 'Camus imaginó a Sísifo empujando su roca para siempre y concluyó que hay que imaginarlo feliz. El sentido está en empujar.', 'Camus imaginait Sisyphe poussant son rocher pour toujours et concluait qu’il faut l’imaginer heureux. Le sens est dans l’effort.'),
    b('Socrates talking to young people in an ancient marketplace', 'Socrates claimed the only thing he knew was that he knew nothing. That humility made him the wisest man in Athens.', 'Sócrates decía que solo sabía que no sabía nada. Esa humildad lo convirtió en el hombre más sabio de Atenas.', 'Socrate affirmait ne savoir qu’une chose : qu’il ne savait rien. Cette humilité fit de lui l’homme le plus sage d’Athènes.'),
    b('a wooden ship being rebuilt plank by plank in a harbour', 'If you replace every plank of a ship, one by one, is it still the same ship? Your body does something similar every few years.', 'Si cambias cada tabla de un barco, una a una, ¿sigue siendo el mismo barco? Tu cuerpo hace algo parecido cada pocos años.', 'Si l’on remplace chaque planche d’un navire, une à une, est-ce toujours le même navire ? Votre corps fait de même tous les quelques ans.'),
    b('a shadowy cave with people watching shadows on a wall', 'Plato pictured prisoners in a cave who mistake shadows for reality. Leaving the cave hurts your eyes, but it is the only way to see.', 'Platón imaginó prisioneros en una cueva que confunden sombras con la realidad. Salir duele a los ojos, pero es la única forma de ver.', 'Platon imaginait des prisonniers dans une caverne prenant les ombres pour la réalité. En sortir blesse les yeux, mais c’est la seule façon de voir.'),
    b('a candle lighting another candle in the dark', 'Epicurus said happiness is simple. Good friends, a free mind, and time to think are worth more than riches.', 'Epicuro decía que la felicidad es sencilla. Buenos amigos, una mente libre y tiempo para pensar valen más que la riqueza.', 'Épicure disait que le bonheur est simple. De bons amis, un esprit libre et du temps pour penser valent plus que la richesse.'),
    b('an hourglass on a windowsill with falling leaves', 'Seneca wrote that life is not short, we waste much of it. Spend today like it is worth something, because it is.', 'Séneca escribió que la vida no es corta, sino que malgastamos mucha. Vive hoy como si valiera algo, porque vale.', 'Sénèque écrivait que la vie n’est pas courte, mais que nous en gaspillons beaucoup. Vivez aujourd’hui comme s’il valait quelque chose, car c’est le cas.'),
  ],
  outros: [
    b('an open book glowing on a hill at night', 'Sit with one of these today. Follow for more big ideas in small moments.', 'Quédate hoy con una de estas ideas. Sígueme para más grandes ideas en pequeños momentos.', 'Gardez l’une de ces idées avec vous aujourd’hui. Abonnez-vous pour d’autres grandes idées en peu de temps.'),
    b('a quiet lake reflecting mountains at dawn', 'Which idea stays with you? Tell me below.', '¿Qué idea se queda contigo? Cuéntamelo abajo.', 'Quelle idée vous reste en tête ? Dites-le-moi en dessous.'),
  ],
  hashtags: { en: ['#philosophy', '#stoicism', '#wisdom'], es: ['#filosofia', '#estoicismo', '#sabiduria'], fr: ['#philosophie', '#stoicisme', '#sagesse'] },
};
