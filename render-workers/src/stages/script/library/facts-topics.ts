import { b, type TopicLibrary } from './types';

export const TRAVEL: TopicLibrary = {
  topic: 'Travel Destinations', mood: 'upbeat', ordered: false,
  titles: {
    en: ['Hidden Places You Need to See Before You Die', 'Bucket-List Spots Nobody Talks About', 'The World Is Stranger Than Your Travel Plans'],
    es: ['Lugares ocultos que debes ver antes de morir', 'Destinos de ensueño de los que nadie habla', 'El mundo es más raro que tus planes de viaje'],
    fr: ['Des lieux cachés à voir avant de mourir', 'Des destinations de rêve dont personne ne parle', 'Le monde est plus étrange que vos projets de voyage'],
  },
  hooks: [
    b('a traveller with a backpack on a cliff at sunrise looking over a valley', 'Forget the crowded postcards. These places will change how you see the world.', 'Olvida las postales llenas de turistas. Estos lugares cambiarán tu forma de ver el mundo.', 'Oubliez les cartes postales bondées. Ces lieux vont changer votre regard sur le monde.'),
    b('an old paper map with a compass and a plane ticket', 'Your next trip should not be where everyone else goes. Here is where to go instead.', 'Tu próximo viaje no debería ser donde va todo el mundo. Aquí tienes adónde ir.', 'Votre prochain voyage ne devrait pas suivre la foule. Voici où aller à la place.'),
  ],
  beats: [
    b('a white salt desert mirroring the sky in Bolivia', 'In Bolivia, the Salar de Uyuni turns into a giant mirror after the rain, so you walk on clouds for miles.', 'En Bolivia, el Salar de Uyuni se convierte en un espejo gigante tras la lluvia, y caminas sobre las nubes durante kilómetros.', 'En Bolivie, le Salar d’Uyuni devient un miroir géant après la pluie, et l’on marche sur les nuages pendant des kilomètres.'),
    b('a glowing blue cave lit by tiny glowworms in New Zealand', 'Under the hills of New Zealand, the Waitomo caves glow with thousands of tiny worms that look like a starry night.', 'Bajo las colinas de Nueva Zelanda, las cuevas de Waitomo brillan con miles de gusanos diminutos que parecen un cielo estrellado.', 'Sous les collines de Nouvelle-Zélande, les grottes de Waitomo brillent de milliers de petits vers qui ressemblent à un ciel étoilé.'),
    b('a rainbow coloured mountain with striped layers in Peru', 'In Peru, Vinicunca is a mountain painted in stripes of red, yellow and turquoise by minerals millions of years old.', 'En Perú, Vinicunca es una montaña pintada con franjas rojas, amarillas y turquesas por minerales de millones de años.', 'Au Pérou, le Vinicunca est une montagne peinte de bandes rouges, jaunes et turquoise par des minéraux vieux de millions d’années.'),
    b('tall sandstone pillars rising above clouds in a Chinese forest', 'The stone pillars of Zhangjiajie in China rise above the fog like floating islands, and they inspired a famous movie planet.', 'Los pilares de piedra de Zhangjiajie, en China, se alzan sobre la niebla como islas flotantes e inspiraron un planeta de cine.', 'Les piliers de pierre de Zhangjiajie, en Chine, s’élèvent au-dessus du brouillard comme des îles flottantes et ont inspiré une planète de cinéma.'),
    b('a small blue town on a mountain in Morocco with narrow streets', 'Chefchaouen in Morocco is painted almost entirely in shades of blue, and every narrow street feels like walking underwater.', 'Chefchaouen, en Marruecos, está pintada casi entera de tonos azules, y cada callejón parece un paseo bajo el agua.', 'Chefchaouen, au Maroc, est presque entièrement peinte en bleu, et chaque ruelle donne l’impression de marcher sous l’eau.'),
    b('green northern lights over a snowy cabin in Norway', 'Near Tromsø in Norway, winter nights are long enough to watch the northern lights dance for hours from a warm cabin.', 'Cerca de Tromsø, en Noruega, las noches de invierno son tan largas que puedes ver bailar la aurora boreal durante horas.', 'Près de Tromsø, en Norvège, les nuits d’hiver sont si longues qu’on peut regarder danser les aurores boréales pendant des heures.'),
    b('a turquoise lagoon with overwater huts at golden hour', 'The island of Bora Bora has a lagoon so clear that boats seem to hover above the sand.', 'La isla de Bora Bora tiene una laguna tan transparente que los barcos parecen flotar sobre la arena.', 'L’île de Bora Bora possède un lagon si transparent que les bateaux semblent flotter au-dessus du sable.'),
    b('a field of hot air balloons over rocky valleys in Turkey', 'At dawn in Cappadocia, Turkey, a hundred hot air balloons rise over fairy chimneys and ancient cave houses.', 'Al amanecer en Capadocia, Turquía, cien globos aerostáticos se elevan sobre chimeneas de hadas y antiguas casas cueva.', 'À l’aube en Cappadoce, en Turquie, cent montgolfières s’élèvent au-dessus des cheminées de fées et des anciennes maisons troglodytes.'),
    b('a forest of giant baobab trees on a dirt road at sunset in Madagascar', 'In Madagascar, the Avenue of the Baobabs is lined with trees that are eight hundred years old and look planted upside down.', 'En Madagascar, la Avenida de los Baobabs está rodeada de árboles de ochocientos años que parecen plantados al revés.', 'À Madagascar, l’allée des Baobabs est bordée d’arbres de huit cents ans qui semblent plantés à l’envers.'),
  ],
  outros: [
    b('a suitcase by a window with an airplane taking off', 'Save this for your next trip, and tell me which place you would visit first.', 'Guarda esto para tu próximo viaje y dime qué lugar visitarías primero.', 'Enregistrez ceci pour votre prochain voyage et dites-moi quel lieu vous visiteriez en premier.'),
    b('a world globe spinning on a wooden desk', 'Follow for more hidden corners of the world, one short trip at a time.', 'Sígueme para descubrir más rincones ocultos del mundo, un viaje corto a la vez.', 'Abonnez-vous pour découvrir d’autres recoins cachés du monde, un court voyage à la fois.'),
  ],
  hashtags: { en: ['#travel', '#bucketlist', '#wanderlust'], es: ['#viajes', '#destinos', '#viajar'], fr: ['#voyage', '#destination', '#evasion'] },
};

export const WHAT_IF: TopicLibrary = {
  topic: 'What If?', mood: 'epic', ordered: true,
  titles: {
    en: ['What If the Moon Suddenly Disappeared?', 'What Happens If the Moon Vanishes Tonight', 'A World Without the Moon'],
    es: ['¿Y si la Luna desapareciera de repente?', 'Qué pasaría si la Luna se esfumara esta noche', 'Un mundo sin Luna'],
    fr: ['Et si la Lune disparaissait soudainement ?', 'Que se passerait-il si la Lune s’évanouissait ce soir', 'Un monde sans Lune'],
  },
  hooks: [
    b('a full moon over a dark ocean, half of it fading away', 'What if, tonight, the Moon simply vanished from the sky? Let us follow that all the way.', '¿Y si esta noche la Luna simplemente desapareciera del cielo? Sigamos esa idea hasta el final.', 'Et si, ce soir, la Lune disparaissait simplement du ciel ? Suivons cette idée jusqu’au bout.'),
    b('people on a beach pointing at an empty night sky', 'Imagine looking up tonight and finding an empty sky where the Moon should be.', 'Imagina mirar al cielo esta noche y encontrar un hueco vacío donde debería estar la Luna.', 'Imaginez lever les yeux ce soir et trouver un ciel vide à la place de la Lune.'),
  ],
  beats: [
    b('a dark night landscape lit only by stars', 'The first thing you would notice is the darkness. Nights would be far blacker, and the stars would look brighter than ever.', 'Lo primero que notarías es la oscuridad. Las noches serían mucho más negras y las estrellas brillarían más que nunca.', 'La première chose que vous remarqueriez, c’est l’obscurité. Les nuits seraient bien plus noires et les étoiles plus brillantes que jamais.'),
    b('ocean waves pulling back from a beach with small tides', 'Then the oceans would change. Tides would shrink to about a third of their size, because only the Sun would be pulling the water.', 'Después cambiarían los océanos. Las mareas se reducirían a un tercio, porque solo el Sol tiraría del agua.', 'Ensuite, les océans changeraient. Les marées fondraient à un tiers de leur taille, car seul le Soleil tirerait sur l’eau.'),
    b('tide pools with crabs and starfish drying in the sun', 'Creatures that live between the tides, like crabs and starfish, would lose their home, and food chains along every coast would wobble.', 'Las criaturas que viven entre mareas, como cangrejos y estrellas de mar, perderían su hogar, y las cadenas alimentarias de las costas temblarían.', 'Les créatures qui vivent entre les marées, comme les crabes et les étoiles de mer, perdraient leur maison, et les chaînes alimentaires des côtes vacilleraient.'),
    b('sea turtles and corals under a dark sky', 'Many animals time their lives by moonlight. Corals spawn under the full moon, and sea turtles use its glow to find the sea.', 'Muchos animales se guían por la luz de la luna. Los corales se reproducen con la luna llena y las tortugas la usan para encontrar el mar.', 'Beaucoup d’animaux règlent leur vie sur la lumière de la Lune. Les coraux se reproduisent à la pleine lune et les tortues marines s’en servent pour trouver la mer.'),
    b('the Earth seen from space tilting on its axis', 'The biggest change would be slow. The Moon steadies the tilt of the Earth, and without it our planet would start to wobble.', 'El cambio más grande sería lento. La Luna estabiliza la inclinación de la Tierra, y sin ella nuestro planeta empezaría a tambalearse.', 'Le plus grand changement serait lent. La Lune stabilise l’inclinaison de la Terre, et sans elle notre planète commencerait à vaciller.'),
    b('a landscape switching between ice and desert', 'Over thousands of years, that wobble could swing the seasons wildly, with deserts freezing and ice caps melting in turns.', 'Durante miles de años, ese bamboleo alteraría las estaciones, con desiertos helados y casquetes polares derritiéndose por turnos.', 'Sur des milliers d’années, ce vacillement bouleverserait les saisons, avec des déserts gelés et des calottes glaciaires qui fondent tour à tour.'),
    b('a spinning clock over the Earth with fast sunrises', 'Days would also stop slowing down. The Moon has been braking our spin for billions of years, stretching every day a tiny bit.', 'Los días también dejarían de alargarse. La Luna lleva miles de millones de años frenando nuestro giro y estirando cada día un poquito.', 'Les journées cesseraient aussi de s’allonger. La Lune freine notre rotation depuis des milliards d’années, étirant chaque jour un tout petit peu.'),
    b('a person looking up at a bright starry sky with a smile', 'So the Moon is not just a pretty light. It is a quiet guardian that keeps our world steady, one night at a time.', 'Así que la Luna no es solo una luz bonita. Es una guardiana silenciosa que mantiene estable nuestro mundo, noche tras noche.', 'La Lune n’est donc pas qu’une jolie lumière. C’est une gardienne silencieuse qui garde notre monde stable, nuit après nuit.'),
  ],
  outros: [
    b('a crescent moon rising over mountains', 'Look up tonight and say thank you. Follow for the next wild what if.', 'Mira al cielo esta noche y da las gracias. Sígueme para el próximo qué pasaría si.', 'Levez les yeux ce soir et dites merci. Abonnez-vous pour le prochain et si.'),
    b('a telescope on a hill under the moon', 'Which what if should we explore next? Tell me in the comments.', '¿Qué hipótesis exploramos después? Cuéntamelo en los comentarios.', 'Quelle hypothèse explorer ensuite ? Dites-le-moi en commentaire.'),
  ],
  hashtags: { en: ['#whatif', '#space', '#science'], es: ['#quepasariasi', '#espacio', '#ciencia'], fr: ['#etsi', '#espace', '#science'] },
};

export const HISTORY: TopicLibrary = {
  topic: 'Interesting History', mood: 'epic', ordered: false,
  titles: {
    en: ['History Moments They Never Taught You', 'Strange but True Stories From the Past', 'History Is Weirder Than Fiction'],
    es: ['Momentos históricos que nunca te enseñaron', 'Historias extrañas pero reales del pasado', 'La historia es más rara que la ficción'],
    fr: ['Des moments d’histoire qu’on ne vous a jamais appris', 'Des histoires étranges mais vraies du passé', 'L’histoire est plus folle que la fiction'],
  },
  hooks: [
    b('an ancient scroll unrolled on a desk under candlelight', 'History class skipped the best parts. Here are a few of them.', 'En clase de historia se saltaron lo mejor. Aquí tienes algunas partes.', 'Les cours d’histoire ont sauté les meilleurs passages. En voici quelques-uns.'),
    b('a dusty museum hall with old statues', 'These moments from the past sound made up, but every one of them really happened.', 'Estos momentos del pasado parecen inventados, pero todos ocurrieron de verdad.', 'Ces moments du passé semblent inventés, mais ils se sont tous vraiment produits.'),
  ],
  beats: [
    b('the pyramids of Giza with a woolly mammoth walking nearby', 'Cleopatra lived closer in time to the first Moon landing than to the building of the Great Pyramid.', 'Cleopatra vivió más cerca en el tiempo de la llegada a la Luna que de la construcción de la Gran Pirámide.', 'Cléopâtre a vécu plus près de l’alunissage que de la construction de la grande pyramide.'),
    b('a Roman emperor in a toga next to a horse in a palace', 'The Roman emperor Caligula was said to have planned to make his favourite horse a consul, with a marble stable and servants.', 'Se dice que el emperador romano Calígula planeó nombrar cónsul a su caballo favorito, con establo de mármol y sirvientes.', 'On raconte que l’empereur romain Caligula voulait faire de son cheval préféré un consul, avec une écurie de marbre et des serviteurs.'),
    b('a 1518 medieval town square with people dancing wildly', 'In the summer of 1518, hundreds of people in Strasbourg began dancing in the streets for days, and nobody could explain why.', 'En el verano de 1518, cientos de personas en Estrasburgo bailaron en las calles durante días, y nadie supo explicar por qué.', 'À l’été 1518, des centaines de personnes à Strasbourg se sont mises à danser dans les rues pendant des jours, sans que personne ne sache pourquoi.'),
    b('Napoleon surrounded by a swarm of rabbits on a meadow', 'Napoleon was once attacked by a horde of rabbits during a hunt. They charged at him instead of running away.', 'Napoleón fue atacado una vez por una horda de conejos durante una cacería. Corrieron hacia él en lugar de huir.', 'Napoléon a un jour été attaqué par une horde de lapins pendant une chasse. Ils ont chargé au lieu de s’enfuir.'),
    b('Oxford university stone buildings next to an Aztec pyramid', 'Oxford University is older than the Aztec Empire. Teaching there started around 1096, long before Tenochtitlan was founded.', 'La Universidad de Oxford es más antigua que el Imperio azteca. Allí se enseñaba hacia 1096, mucho antes de fundarse Tenochtitlan.', 'L’université d’Oxford est plus ancienne que l’Empire aztèque. On y enseignait vers 1096, bien avant la fondation de Tenochtitlan.'),
    b('a small wooden ship in a storm with a lighthouse', 'The shortest war in history was between Britain and Zanzibar in 1896. It lasted about thirty eight minutes.', 'La guerra más corta de la historia fue entre Gran Bretaña y Zanzíbar en 1896. Duró unos treinta y ocho minutos.', 'La guerre la plus courte de l’histoire a opposé la Grande-Bretagne et Zanzibar en 1896. Elle a duré environ trente-huit minutes.'),
    b('Viking warriors holding combs and mirrors by a fjord', 'Vikings were not the filthy warriors of the movies. They combed their hair daily and bathed more than many of their neighbours.', 'Los vikingos no eran los guerreros sucios de las películas. Se peinaban a diario y se bañaban más que muchos de sus vecinos.', 'Les Vikings n’étaient pas les guerriers crasseux des films. Ils se coiffaient chaque jour et se lavaient plus que bien de leurs voisins.'),
    b('ancient Egyptian workers eating bread and onions near a pyramid', 'The pyramids were not built by slaves. Workers were paid in bread and beer, and some were buried with honours beside the king.', 'Las pirámides no las construyeron esclavos. A los obreros se les pagaba con pan y cerveza, y algunos fueron enterrados con honores junto al rey.', 'Les pyramides n’ont pas été bâties par des esclaves. Les ouvriers étaient payés en pain et en bière, et certains furent enterrés avec honneur près du roi.'),
  ],
  outros: [
    b('an hourglass with sand running on an old book', 'Which one surprised you most? Follow for more history they left out.', '¿Cuál te sorprendió más? Sígueme para más historia que nadie te contó.', 'Laquelle vous a le plus surpris ? Abonnez-vous pour plus d’histoire oubliée.'),
    b('a candle burning next to a quill and parchment', 'The past is stranger than any novel. See you in the next chapter.', 'El pasado es más extraño que cualquier novela. Nos vemos en el próximo capítulo.', 'Le passé est plus étrange que n’importe quel roman. Rendez-vous au prochain chapitre.'),
  ],
  hashtags: { en: ['#history', '#historyfacts', '#didyouknow'], es: ['#historia', '#curiosidades', '#sabiasque'], fr: ['#histoire', '#anecdote', '#lesaviezvous'] },
};

export const FUN_FACTS: TopicLibrary = {
  topic: 'Fun Facts', mood: 'playful', ordered: false,
  titles: {
    en: ['Fun Facts You Did Not Know You Needed', 'Facts That Sound Fake but Are True', 'Your Brain Will Not Believe These Facts'],
    es: ['Datos curiosos que no sabías que necesitabas', 'Datos que parecen falsos pero son ciertos', 'Tu cerebro no creerá estos datos'],
    fr: ['Des anecdotes dont vous ignoriez avoir besoin', 'Des faits qui semblent faux mais sont vrais', 'Votre cerveau ne croira pas ces anecdotes'],
  },
  hooks: [
    b('a curious cat looking at a glowing question mark', 'Here are some facts that sound completely fake, but are absolutely true.', 'Aquí tienes datos que suenan totalmente falsos, pero son absolutamente ciertos.', 'Voici des faits qui semblent complètement faux, mais qui sont parfaitement vrais.'),
    b('a stack of colourful books with a light bulb above', 'Give me {l} and you will leave knowing something nobody at dinner knows.', 'Dame {l} y sabrás algo que nadie en la cena sabe.', 'Donnez-moi {l} et vous saurez quelque chose que personne ne sait au dîner.'),
  ],
  beats: [
    b('an octopus with three glowing hearts underwater', 'An octopus has three hearts and blue blood, and two of those hearts stop beating while it swims.', 'Un pulpo tiene tres corazones y sangre azul, y dos de esos corazones dejan de latir cuando nada.', 'Une pieuvre a trois cœurs et le sang bleu, et deux de ces cœurs s’arrêtent quand elle nage.'),
    b('a jar of golden honey inside an ancient Egyptian tomb', 'Honey never spoils. Archaeologists found pots of honey in Egyptian tombs that were still good to eat after three thousand years.', 'La miel nunca se estropea. Se encontraron tarros de miel en tumbas egipcias que seguían comestibles después de tres mil años.', 'Le miel ne se gâte jamais. On a trouvé dans des tombes égyptiennes des pots de miel encore comestibles après trois mille ans.'),
    b('a banana and a strawberry in a botanist lab', 'Botanically speaking, bananas are berries, but strawberries are not. Plant science has a sense of humour.', 'Según la botánica, los plátanos son bayas, pero las fresas no. La ciencia de las plantas tiene sentido del humor.', 'Pour les botanistes, la banane est une baie, mais pas la fraise. La science des plantes a de l’humour.'),
    b('a wombat next to a pile of cube shaped droppings', 'Wombats produce cube shaped droppings, and scientists think the shape stops them from rolling away from their territory.', 'Los wombats hacen excrementos en forma de cubo, y los científicos creen que así no ruedan fuera de su territorio.', 'Les wombats produisent des crottes en forme de cube, et les scientifiques pensent que cela les empêche de rouler hors de leur territoire.'),
    b('the Eiffel Tower in summer heat shimmering', 'The Eiffel Tower grows about fifteen centimetres taller in summer, because the iron expands in the heat.', 'La torre Eiffel crece unos quince centímetros en verano, porque el hierro se dilata con el calor.', 'La tour Eiffel grandit d’environ quinze centimètres en été, car le fer se dilate à la chaleur.'),
    b('a group of flamingos in a pink lake', 'Flamingos are born grey. They turn pink from the shrimp and algae they eat every day.', 'Los flamencos nacen grises. Se vuelven rosas por los camarones y las algas que comen cada día.', 'Les flamants naissent gris. Ils deviennent roses grâce aux crevettes et aux algues qu’ils mangent chaque jour.'),
    b('a close up of a human eye with galaxy colours', 'Your eyes can tell apart around ten million colours, yet some birds can see colours humans cannot even imagine.', 'Tus ojos distinguen unos diez millones de colores, pero algunas aves ven colores que los humanos ni imaginan.', 'Vos yeux distinguent environ dix millions de couleurs, mais certains oiseaux voient des couleurs que nous ne pouvons même pas imaginer.'),
    b('sea otters holding hands floating in a calm bay', 'Sea otters hold hands while they sleep so they do not drift apart on the water.', 'Las nutrias marinas se toman de las manos al dormir para no separarse en el agua.', 'Les loutres de mer se tiennent la main en dormant pour ne pas dériver l’une loin de l’autre.'),
    b('a cloud floating above a town with a weight scale', 'A single fluffy cloud can weigh more than a million pounds, about as much as a hundred elephants floating over your head.', 'Una sola nube esponjosa puede pesar más de quinientas toneladas, como cien elefantes flotando sobre tu cabeza.', 'Un seul nuage cotonneux peut peser plus de cinq cents tonnes, autant que cent éléphants flottant au-dessus de votre tête.'),
  ],
  outros: [
    b('a smiling brain with sparkles', 'Share this with someone who loves weird facts, and follow for more.', 'Compártelo con alguien a quien le encanten los datos raros y sígueme para más.', 'Partagez ceci avec quelqu’un qui adore les anecdotes et abonnez-vous pour la suite.'),
    b('a notebook with doodles of animals and stars', 'Which fact blew your mind? Tell me in the comments.', '¿Qué dato te voló la cabeza? Dímelo en los comentarios.', 'Quelle anecdote vous a le plus étonné ? Dites-le-moi en commentaire.'),
  ],
  hashtags: { en: ['#funfacts', '#didyouknow', '#facts'], es: ['#datoscuriosos', '#sabiasque', '#curiosidades'], fr: ['#anecdotes', '#lesaviezvous', '#culturegenerale'] },
};
