import { b, type TopicLibrary } from './types';

export const SCARY_STORIES: TopicLibrary = {
  topic: 'Scary Stories', mood: 'tense', ordered: true,
  titles: {
    en: ['The Knock at 3 AM', 'Never Answer the Third Knock', 'The Night Someone Knocked Back'],
    es: ['Los golpes de las tres de la mañana', 'Nunca respondas al tercer golpe', 'La noche en que alguien devolvió los golpes'],
    fr: ['On frappe à trois heures du matin', 'Ne répondez jamais au troisième coup', 'La nuit où quelqu’un a frappé en retour'],
  },
  hooks: [
    b('a dark hallway with a single door and a thin line of light under it', 'My grandmother had one rule in her old house. Never open the door after three in the morning.', 'Mi abuela tenía una regla en su vieja casa. Nunca abras la puerta después de las tres de la mañana.', 'Ma grand-mère avait une règle dans sa vieille maison. Ne jamais ouvrir la porte après trois heures du matin.'),
    b('an old farmhouse at night under a red moon', 'This happened the summer I stayed alone in my grandmother’s farmhouse.', 'Esto pasó el verano en que me quedé solo en la granja de mi abuela.', 'C’est arrivé l’été où je suis resté seul dans la ferme de ma grand-mère.'),
  ],
  beats: [
    b('a bedroom clock showing three in the morning in the dark', 'The first night, I woke up at exactly three. Someone knocked on the front door. Three slow knocks.', 'La primera noche me desperté a las tres en punto. Alguien llamó a la puerta. Tres golpes lentos.', 'La première nuit, je me suis réveillé à trois heures pile. Quelqu’un a frappé à la porte. Trois coups lents.'),
    b('a peephole view of an empty porch in fog', 'I looked through the peephole. The porch was empty, and the fog outside was perfectly still.', 'Miré por la mirilla. El porche estaba vacío y la niebla de fuera estaba totalmente quieta.', 'J’ai regardé par le judas. Le porche était vide, et le brouillard dehors parfaitement immobile.'),
    b('muddy footprints leading to a door from the forest', 'In the morning I found footprints in the mud. They came out of the forest, stopped at the door, and never went back.', 'Por la mañana encontré huellas en el barro. Salían del bosque, se detenían en la puerta y nunca volvían.', 'Au matin, j’ai trouvé des empreintes dans la boue. Elles sortaient de la forêt, s’arrêtaient à la porte et ne repartaient jamais.'),
    b('an old telephone on a wooden table under a lamp', 'I called my grandmother. She was quiet for a long time, then she asked me how many knocks I had heard.', 'Llamé a mi abuela. Se quedó callada mucho tiempo y luego me preguntó cuántos golpes había oído.', 'J’ai appelé ma grand-mère. Elle est restée silencieuse longtemps, puis m’a demandé combien de coups j’avais entendus.'),
    b('a door with scratches on the inside in candle light', 'The next night there were knocks again, but this time they came from inside the house, from the cellar door.', 'La noche siguiente volvieron los golpes, pero esta vez venían de dentro de la casa, de la puerta del sótano.', 'La nuit suivante, on a encore frappé, mais cette fois de l’intérieur de la maison, depuis la porte de la cave.'),
    b('a staircase leading down into a black cellar', 'I did not move. The knocks went on, slower and slower, until I could hear something breathing against the wood.', 'No me moví. Los golpes siguieron, cada vez más lentos, hasta que oí algo respirando contra la madera.', 'Je n’ai pas bougé. Les coups ont continué, de plus en plus lents, jusqu’à ce que j’entende quelque chose respirer contre le bois.'),
    b('a car driving away from a farmhouse at dawn', 'At sunrise I packed my bag and left. I did not look back at the house, not even once.', 'Al amanecer hice la maleta y me fui. No miré atrás hacia la casa, ni una sola vez.', 'Au lever du soleil, j’ai fait mon sac et je suis parti. Je ne me suis pas retourné, pas une seule fois.'),
    b('a phone screen showing a missed call at 3 AM in the dark', 'Last night, in my apartment in the city, my phone rang at three. On the screen was my grandmother’s number. She died ten years ago.', 'Anoche, en mi piso de la ciudad, el móvil sonó a las tres. En la pantalla estaba el número de mi abuela. Murió hace diez años.', 'Hier soir, dans mon appartement en ville, mon téléphone a sonné à trois heures. À l’écran, le numéro de ma grand-mère. Elle est morte il y a dix ans.'),
  ],
  outros: [
    b('a door slowly opening into darkness', 'If you hear three knocks tonight, do not answer. Follow for part two.', 'Si esta noche oyes tres golpes, no abras. Sígueme para la segunda parte.', 'Si vous entendez trois coups cette nuit, n’ouvrez pas. Abonnez-vous pour la suite.'),
    b('a candle blown out leaving smoke in the dark', 'Sleep well. And keep your door locked.', 'Que duermas bien. Y cierra la puerta con llave.', 'Dormez bien. Et fermez votre porte à clé.'),
  ],
  hashtags: { en: ['#scarystories', '#horror', '#creepy'], es: ['#historiasdeterror', '#terror', '#miedo'], fr: ['#histoiresquifontpeur', '#horreur', '#frisson'] },
};

export const BEDTIME_STORIES: TopicLibrary = {
  topic: 'Bedtime Stories', mood: 'calm', ordered: true,
  titles: {
    en: ['The Little Lantern Fox', 'The Fox Who Carried the Stars Home', 'A Lantern for the Sleepy Forest'],
    es: ['El pequeño zorro del farol', 'El zorro que llevó las estrellas a casa', 'Un farol para el bosque dormido'],
    fr: ['Le petit renard à la lanterne', 'Le renard qui ramenait les étoiles', 'Une lanterne pour la forêt endormie'],
  },
  hooks: [
    b('a cosy forest at dusk with fireflies and a small fox', 'Get comfortable, close your eyes, and let me tell you about a little fox with a lantern.', 'Ponte cómodo, cierra los ojos y deja que te cuente la historia de un zorrito con un farol.', 'Installez-vous confortablement, fermez les yeux, et laissez-moi vous raconter l’histoire d’un petit renard à la lanterne.'),
    b('a moonlit meadow with soft clouds and a glowing lantern', 'Once upon a time, at the edge of a sleepy forest, there lived a small fox named Pip.', 'Había una vez, al borde de un bosque dormido, un zorrito llamado Pip.', 'Il était une fois, à l’orée d’une forêt endormie, un petit renard nommé Pip.'),
  ],
  beats: [
    b('a small fox holding a paper lantern on a mossy path', 'Every evening, Pip lit a small paper lantern and walked through the forest to wish everyone good night.', 'Cada tarde, Pip encendía un pequeño farol de papel y recorría el bosque para dar las buenas noches a todos.', 'Chaque soir, Pip allumait une petite lanterne de papier et traversait la forêt pour souhaiter bonne nuit à tout le monde.'),
    b('an owl in a hollow tree yawning under the moon', 'He said good night to the old owl, who yawned so wide that the moon seemed to fit inside his beak.', 'Daba las buenas noches al viejo búho, que bostezaba tan fuerte que la luna parecía caberle en el pico.', 'Il disait bonne nuit au vieux hibou, qui bâillait si fort que la lune semblait tenir dans son bec.'),
    b('baby rabbits curled up in a burrow under roots', 'He said good night to the rabbits, curled up like warm little clouds in their burrow under the roots.', 'Daba las buenas noches a los conejitos, acurrucados como nubecitas tibias en su madriguera bajo las raíces.', 'Il disait bonne nuit aux lapins, blottis comme de petits nuages tièdes dans leur terrier sous les racines.'),
    b('a dark sky with only a few stars over the forest', 'One night, Pip noticed the sky was strangely dark. Some of the stars had fallen asleep and forgotten to shine.', 'Una noche, Pip vio que el cielo estaba extrañamente oscuro. Algunas estrellas se habían dormido y olvidado brillar.', 'Une nuit, Pip remarqua que le ciel était étrangement sombre. Certaines étoiles s’étaient endormies et avaient oublié de briller.'),
    b('a fox climbing a gentle hill with a lantern toward the sky', 'So Pip climbed the tallest hill, holding his lantern high, and hummed a soft song to wake them gently.', 'Así que Pip subió a la colina más alta, con el farol en alto, y tarareó una canción suave para despertarlas con cariño.', 'Alors Pip grimpa sur la plus haute colline, sa lanterne levée, et fredonna une douce chanson pour les réveiller tendrement.'),
    b('stars lighting up one by one above a smiling fox', 'One by one, the stars opened their eyes and began to twinkle, until the whole sky glittered like a blanket of silver.', 'Una a una, las estrellas abrieron los ojos y empezaron a brillar, hasta que el cielo entero relució como una manta de plata.', 'Une à une, les étoiles ouvrirent les yeux et se mirent à scintiller, jusqu’à ce que tout le ciel brille comme une couverture d’argent.'),
    b('a fox walking home through a glowing forest path', 'Pip walked home slowly, his lantern flickering, while the forest sighed and settled into a deep, quiet sleep.', 'Pip volvió a casa despacio, con el farol parpadeando, mientras el bosque suspiraba y se sumía en un sueño profundo.', 'Pip rentra lentement, sa lanterne vacillante, tandis que la forêt soupirait et plongeait dans un sommeil profond.'),
    b('a small fox asleep in a den with a dim lantern and stars outside', 'Then he curled up in his den, blew out his lantern, and fell asleep under a sky full of stars. Good night, little one.', 'Luego se acurrucó en su madriguera, apagó el farol y se durmió bajo un cielo lleno de estrellas. Buenas noches, pequeño.', 'Puis il se roula en boule dans son terrier, souffla sa lanterne et s’endormit sous un ciel plein d’étoiles. Bonne nuit, petit.'),
  ],
  outros: [
    b('a crescent moon smiling over sleeping hills', 'Sweet dreams. Come back tomorrow for another gentle story.', 'Dulces sueños. Vuelve mañana para otro cuento tranquilo.', 'Fais de beaux rêves. Reviens demain pour une autre douce histoire.'),
    b('a window with curtains and stars outside a child room', 'Sleep tight, and follow for a new story every night.', 'Que descanses, y sígueme para un cuento nuevo cada noche.', 'Dors bien, et abonne-toi pour une nouvelle histoire chaque soir.'),
  ],
  hashtags: { en: ['#bedtimestories', '#sleep', '#storytime'], es: ['#cuentosparadormir', '#cuentos', '#dormir'], fr: ['#histoiredusoir', '#conte', '#dodo'] },
};

export const URBAN_LEGENDS: TopicLibrary = {
  topic: 'Urban Legends', mood: 'tense', ordered: true,
  titles: {
    en: ['The Vanishing Hitchhiker', 'The Girl on Route Nine', 'The Passenger Who Was Never There'],
    es: ['La chica de la curva', 'La autoestopista que desapareció', 'La pasajera que nunca estuvo allí'],
    fr: ['La dame blanche de la route', 'L’auto-stoppeuse fantôme', 'La passagère qui n’était pas là'],
  },
  hooks: [
    b('a lonely country road at night lit by car headlights', 'Almost every country has this legend. Drivers swear it happened to them.', 'Casi todos los países tienen esta leyenda. Los conductores juran que les pasó a ellos.', 'Presque tous les pays ont cette légende. Des conducteurs jurent qu’elle leur est arrivée.'),
    b('a girl in a white dress standing by a road sign in rain', 'There is a bend on an old road where, on rainy nights, a girl waits for a ride.', 'Hay una curva en una vieja carretera donde, las noches de lluvia, una chica espera que la lleven.', 'Il y a un virage sur une vieille route où, les nuits de pluie, une jeune fille attend qu’on la prenne.'),
  ],
  beats: [
    b('a car stopping on a rainy road for a girl in white', 'A man driving home late saw a young woman in a white dress standing alone in the rain, so he stopped.', 'Un hombre que volvía tarde a casa vio a una joven con vestido blanco sola bajo la lluvia, y paró.', 'Un homme qui rentrait tard vit une jeune femme en robe blanche, seule sous la pluie, et s’arrêta.'),
    b('a girl sitting in the back seat of a car, face in shadow', 'She sat in the back seat, soaked and silent, and gave him an address in the next village.', 'Ella se sentó detrás, empapada y callada, y le dio una dirección en el pueblo de al lado.', 'Elle s’assit à l’arrière, trempée et silencieuse, et lui donna une adresse dans le village voisin.'),
    b('a dark curve on a road with a warning sign', 'As they reached a sharp bend, she whispered, be careful here, this is where I died.', 'Al llegar a una curva cerrada, susurró: ten cuidado aquí, en esta curva me maté yo.', 'En arrivant à un virage serré, elle murmura : attention ici, c’est là que je suis morte.'),
    b('an empty back seat of a car with a wet patch', 'He turned around. The back seat was empty, and only a wet patch remained where she had been.', 'Él se giró. El asiento de atrás estaba vacío, y solo quedaba una mancha mojada donde ella había estado.', 'Il se retourna. La banquette arrière était vide, il ne restait qu’une tache humide là où elle s’était assise.'),
    b('an old house with a light in the window at night', 'Shaking, he drove to the address. An old woman opened the door and listened without surprise.', 'Temblando, condujo hasta la dirección. Una anciana abrió la puerta y lo escuchó sin sorpresa.', 'Tremblant, il se rendit à l’adresse. Une vieille femme ouvrit la porte et l’écouta sans surprise.'),
    b('an old framed photograph of a girl in a white dress', 'She showed him a photo of her daughter in a white dress. She had died on that bend twenty years earlier.', 'Le enseñó una foto de su hija con un vestido blanco. Había muerto en esa curva veinte años antes.', 'Elle lui montra la photo de sa fille en robe blanche. Elle était morte dans ce virage vingt ans plus tôt.'),
    b('a candle and flowers on a roadside memorial', 'You are not the first, the mother said. Every year, on the night of the rain, she tries to come home.', 'No eres el primero, dijo la madre. Cada año, la noche de la lluvia, intenta volver a casa.', 'Vous n’êtes pas le premier, dit la mère. Chaque année, la nuit de la pluie, elle essaie de rentrer.'),
    b('a road at night with headlights and a faint white figure in the distance', 'Drivers still slow down on that bend. And some say, if you look in the mirror, you can see her sitting behind you.', 'Los conductores aún frenan en esa curva. Y dicen que si miras el retrovisor, puedes verla sentada detrás de ti.', 'Les conducteurs ralentissent encore dans ce virage. Et on dit que dans le rétroviseur, on peut la voir assise derrière soi.'),
  ],
  outros: [
    b('a rear view mirror reflecting a dark road', 'Would you stop for her? Follow for more legends from around the world.', '¿Tú pararías? Sígueme para más leyendas de todo el mundo.', 'Vous arrêteriez-vous ? Abonnez-vous pour d’autres légendes du monde entier.'),
    b('a foggy road sign at midnight', 'Drive safe tonight. And check your back seat.', 'Conduce con cuidado esta noche. Y mira el asiento de atrás.', 'Roulez prudemment ce soir. Et regardez votre banquette arrière.'),
  ],
  hashtags: { en: ['#urbanlegends', '#mystery', '#creepy'], es: ['#leyendasurbanas', '#misterio', '#leyendas'], fr: ['#legendesurbaines', '#mystere', '#legende'] },
};

export const LONG_FORM_JOKES: TopicLibrary = {
  topic: 'Long Form Jokes', mood: 'playful', ordered: true,
  titles: {
    en: ['The Talking Parrot Auction', 'The Man Who Bid Too Much for a Parrot', 'Never Outbid a Parrot'],
    es: ['La subasta del loro parlanchín', 'El hombre que pagó demasiado por un loro', 'Nunca pujes contra un loro'],
    fr: ['La vente aux enchères du perroquet', 'L’homme qui a trop payé un perroquet', 'Ne surenchérissez jamais contre un perroquet'],
  },
  hooks: [
    b('an auction hall with a parrot on a perch and people raising paddles', 'Stay until the end of this one. The punchline is worth it.', 'Quédate hasta el final. El remate merece la pena.', 'Restez jusqu’au bout. La chute en vaut la peine.'),
    b('a cheerful man in a hat walking into an old auction house', 'A man walks into an auction house, and that is where his troubles begin.', 'Un hombre entra en una casa de subastas, y ahí empiezan sus problemas.', 'Un homme entre dans une salle des ventes, et c’est là que ses ennuis commencent.'),
  ],
  beats: [
    b('a colourful parrot on a golden perch on an auction stage', 'The auctioneer brings out a beautiful green parrot, and the man decides he simply has to have it.', 'El subastador saca un precioso loro verde, y el hombre decide que tiene que ser suyo.', 'Le commissaire-priseur présente un magnifique perroquet vert, et l’homme décide qu’il doit absolument l’avoir.'),
    b('a man raising a bidding paddle with a determined face', 'He bids fifty. Someone at the back bids a hundred. He bids two hundred. The voice at the back says three hundred.', 'Puja cincuenta. Alguien al fondo puja cien. Él puja doscientos. La voz del fondo dice trescientos.', 'Il enchérit cinquante. Quelqu’un au fond dit cent. Il dit deux cents. La voix du fond dit trois cents.'),
    b('a sweating man with a price tag flying higher', 'This goes on and on, and the price climbs higher and higher, until the man is sweating through his shirt.', 'Así sigue y sigue, el precio sube y sube, hasta que el hombre está sudando la camisa.', 'Ça continue encore et encore, le prix grimpe toujours plus, jusqu’à ce que l’homme transpire à grosses gouttes.'),
    b('an auctioneer banging a gavel and shouting sold', 'Finally, at a ridiculous price, the auctioneer bangs the hammer. Sold, to the man in the hat.', 'Por fin, a un precio ridículo, el subastador da un golpe con el mazo. Vendido al señor del sombrero.', 'Enfin, à un prix ridicule, le commissaire frappe du marteau. Adjugé, au monsieur au chapeau.'),
    b('a man carrying a birdcage out of the auction house', 'The man walks to the desk to pay, holding the cage and trying not to think about his bank account.', 'El hombre va a pagar al mostrador con la jaula en la mano, intentando no pensar en su cuenta del banco.', 'L’homme va payer au comptoir, la cage à la main, en essayant de ne pas penser à son compte en banque.'),
    b('a man looking worried at a silent parrot in a cage', 'He asks the auctioneer, I paid a fortune for this bird. I hope at least it can talk.', 'Le pregunta al subastador: he pagado una fortuna por este pájaro. Espero que al menos hable.', 'Il demande au commissaire : j’ai payé une fortune pour cet oiseau. J’espère au moins qu’il parle.'),
    b('a parrot winking with a speech bubble in an auction hall', 'The auctioneer smiles and says, talk? Who do you think was bidding against you?', 'El subastador sonríe y dice: ¿hablar? ¿Quién crees que pujaba contra ti?', 'Le commissaire sourit et répond : parler ? Qui croyez-vous qui enchérissait contre vous ?'),
  ],
  outros: [
    b('a laughing parrot on a perch with confetti', 'Send this to the friend who always overpays. Follow for more long jokes.', 'Envíaselo al amigo que siempre paga de más. Sígueme para más chistes largos.', 'Envoyez ceci à l’ami qui paie toujours trop cher. Abonnez-vous pour d’autres longues blagues.'),
    b('a stage curtain closing with a spotlight', 'I will be here all week. Follow for the next one.', 'Estaré aquí toda la semana. Sígueme para el próximo.', 'Je suis là toute la semaine. Abonnez-vous pour la prochaine.'),
  ],
  hashtags: { en: ['#jokes', '#funny', '#comedy'], es: ['#chistes', '#humor', '#risas'], fr: ['#blague', '#humour', '#drole'] },
};
