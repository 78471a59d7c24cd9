/**
 * Narration lines written for the subject matcher's test: five per topic of the catalogue, the
 * same line in English, Spanish and French, the way the scripts of each topic read.
 *
 * Each line carries the pictures a viewer would accept as its main one, judged by what the line
 * means (not by the words the matcher reads), written by the test's author from the catalogue:
 * a thing the line is about, by its sense in the line ("radio" in a doctor's joke is an X-ray,
 * not a radio set; "markets" are shops, not a stock chart); a close stand-in only where the set
 * has no picture of the thing and the stand-in shows it (a purse for a wallet, a wave for a
 * river). `topic` accepts the topic's fallback picture: where the line names nothing the set can
 * show, or where a picture of the topic is as good as the named one. The translations mean the
 * same, so one list serves the three languages.
 */
export const TOPIC = 'topic';

export interface FixtureLine {
  topic: string;
  en: string;
  es: string;
  fr: string;
  /** Subject ids a viewer would accept as the main picture, or `topic` (the topic's fallback). */
  accept: string[];
}

const l = (topic: string, en: string, es: string, fr: string, accept: string[]): FixtureLine => ({ topic, en, es, fr, accept });

export const NARRATION_LINES: FixtureLine[] = [
  l('Travel Destinations', 'In Iceland you can swim in a hot lagoon while snow falls around you.', 'En Islandia puedes nadar en una laguna caliente mientras cae la nieve a tu alrededor.', 'En Islande, on peut nager dans un lagon chaud pendant que la neige tombe autour de soi.', ['person-swimming', 'hot-springs', 'water-wave']),
  l('Travel Destinations', 'This tiny island in Greece has white houses and blue doors facing the sea.', 'Esta pequeña isla de Grecia tiene casas blancas y puertas azules frente al mar.', 'Cette petite île grecque a des maisons blanches et des portes bleues face à la mer.', ['houses', 'house', 'desert-island', 'door', 'water-wave']),
  l('Travel Destinations', 'Take the night train through the Alps and wake up next to a glacier.', 'Toma el tren nocturno por los Alpes y despierta junto a un glaciar.', 'Prenez le train de nuit à travers les Alpes et réveillez-vous près d’un glacier.', ['train', 'locomotive', 'railway-car', 'mountain-railway', 'snow-capped-mountain']),
  l('Travel Destinations', 'Pack a light suitcase, because the best markets sell everything you forgot.', 'Lleva una maleta ligera, porque los mejores mercados venden todo lo que olvidaste.', 'Prenez une valise légère, car les meilleurs marchés vendent tout ce que vous avez oublié.', ['luggage', 'shopping-bags', 'shopping-cart', 'convenience-store']),
  l('Travel Destinations', 'In Kyoto, thousands of red gates climb the mountain like a tunnel of fire.', 'En Kioto, miles de puertas rojas suben la montaña como un túnel de fuego.', 'À Kyoto, des milliers de portes rouges grimpent la montagne comme un tunnel de feu.', ['shinto-shrine', 'mountain']),

  l('What If?', 'What if the ocean suddenly turned to fresh water overnight?', '¿Y si el océano se volviera agua dulce de la noche a la mañana?', 'Et si l’océan devenait de l’eau douce du jour au lendemain ?', ['water-wave', 'droplet']),
  l('What If?', 'Without bees, apples and strawberries would almost vanish from our tables.', 'Sin abejas, las manzanas y las fresas casi desaparecerían de nuestras mesas.', 'Sans abeilles, les pommes et les fraises disparaîtraient presque de nos tables.', ['honeybee', 'red-apple', 'green-apple', 'strawberry']),
  l('What If?', 'If the Sun went dark, we would keep orbiting for eight more minutes without knowing.', 'Si el Sol se apagara, seguiríamos girando ocho minutos más sin saberlo.', 'Si le Soleil s’éteignait, nous continuerions à tourner huit minutes de plus sans le savoir.', ['sun', 'sun-with-face']),
  l('What If?', 'Imagine a volcano erupting under the ice of Antarctica.', 'Imagina un volcán en erupción bajo el hielo de la Antártida.', 'Imaginez un volcan en éruption sous la glace de l’Antarctique.', ['volcano']),
  l('What If?', 'Nobody could tell what would happen next, not even the smartest minds alive.', 'Nadie podría decir qué pasaría después, ni siquiera las mentes más brillantes.', 'Personne ne pourrait dire ce qui arriverait ensuite, pas même les esprits les plus brillants.', ['brain', 'topic']),

  l('Scary Stories', 'At midnight the old clock in the hallway started ticking backwards.', 'A medianoche, el viejo reloj del pasillo empezó a andar hacia atrás.', 'À minuit, la vieille horloge du couloir s’est mise à tourner à l’envers.', ['mantelpiece-clock', 'alarm-clock', 'timer-clock']),
  l('Scary Stories', 'She heard footsteps in the attic, but she lived alone.', 'Oyó pasos en el desván, pero vivía sola.', 'Elle entendit des pas dans le grenier, mais elle vivait seule.', ['footprints', 'topic']),
  l('Scary Stories', 'A black cat sat on the grave and stared at him without blinking.', 'Un gato negro se sentó sobre la tumba y lo miró sin parpadear.', 'Un chat noir s’assit sur la tombe et le fixa sans cligner des yeux.', ['black-cat', 'headstone']),
  l('Scary Stories', 'The candle went out, and something cold touched the back of his neck.', 'La vela se apagó y algo frío le tocó la nuca.', 'La bougie s’éteignit et quelque chose de froid lui toucha la nuque.', ['candle']),
  l('Scary Stories', 'Nobody ever found out who had written those words on the mirror.', 'Nadie supo jamás quién había escrito esas palabras en el espejo.', 'Personne n’a jamais su qui avait écrit ces mots sur le miroir.', ['mirror']),

  l('Bedtime Stories', 'Once upon a time, a little owl was afraid of the dark.', 'Había una vez un pequeño búho que tenía miedo de la oscuridad.', 'Il était une fois une petite chouette qui avait peur du noir.', ['owl']),
  l('Bedtime Stories', 'The rabbit packed a carrot and set off across the meadow.', 'El conejo guardó una zanahoria y cruzó la pradera.', 'Le lapin emporta une carotte et traversa la prairie.', ['rabbit', 'rabbit-face', 'carrot']),
  l('Bedtime Stories', 'The stars whispered a lullaby to the sleepy bear.', 'Las estrellas le susurraron una nana al oso dormido.', 'Les étoiles murmurèrent une berceuse à l’ours endormi.', ['bear', 'star', 'glowing-star']),
  l('Bedtime Stories', 'A gentle snail carried her house all the way to the river.', 'Un caracol tranquilo llevó su casa hasta el río.', 'Un doux escargot porta sa maison jusqu’à la rivière.', ['snail']),
  l('Bedtime Stories', 'And so, everyone in the forest closed their eyes and dreamed.', 'Y así, todos en el bosque cerraron los ojos y soñaron.', 'Et ainsi, tout le monde dans la forêt ferma les yeux et rêva.', ['evergreen-tree', 'deciduous-tree', 'sleeping-face', 'topic']),

  l('Interesting History', 'The pyramids were built by paid workers, not by slaves.', 'Las pirámides las construyeron obreros pagados, no esclavos.', 'Les pyramides ont été construites par des ouvriers payés, pas par des esclaves.', ['construction-worker', 'topic']),
  l('Interesting History', 'Vikings reached America five hundred years before Columbus sailed his ship.', 'Los vikingos llegaron a América quinientos años antes de que Colón zarpara con su barco.', 'Les Vikings ont atteint l’Amérique cinq cents ans avant que Colomb ne lève l’ancre avec son navire.', ['ship', 'sailboat', 'anchor', 'globe-showing-americas']),
  l('Interesting History', 'Napoleon was once attacked by thousands of rabbits during a hunt.', 'Napoleón fue atacado una vez por miles de conejos durante una cacería.', 'Napoléon fut un jour attaqué par des milliers de lapins pendant une chasse.', ['rabbit', 'rabbit-face']),
  l('Interesting History', 'Medieval knights wore armour so heavy that a crane lifted them onto their horse.', 'Los caballeros medievales llevaban armaduras tan pesadas que una grúa los subía al caballo.', 'Les chevaliers médiévaux portaient des armures si lourdes qu’une grue les hissait sur leur cheval.', ['horse', 'horse-face', 'shield']),
  l('Interesting History', 'For centuries, the empire kept its greatest secret hidden from everyone.', 'Durante siglos, el imperio ocultó su mayor secreto a todos.', 'Pendant des siècles, l’empire a caché son plus grand secret à tous.', ['topic']),

  l('Urban Legends', 'People say a giant alligator lives in the sewers under New York.', 'Dicen que un caimán gigante vive en las alcantarillas de Nueva York.', 'On raconte qu’un alligator géant vit dans les égouts de New York.', ['crocodile']),
  l('Urban Legends', 'Drivers swear they picked up a hitchhiker who vanished from the back seat.', 'Hay conductores que juran haber recogido a una autoestopista que desapareció del asiento trasero.', 'Des conducteurs jurent avoir pris une auto-stoppeuse qui a disparu de la banquette arrière.', ['automobile', 'oncoming-automobile', 'sport-utility-vehicle', 'taxi', 'pickup-truck', 'ghost']),
  l('Urban Legends', 'In the desert of Nevada, strange lights and a flying saucer appear every summer.', 'En el desierto de Nevada aparecen luces extrañas y un platillo volante cada verano.', 'Dans le désert du Nevada, des lumières étranges et une soucoupe volante apparaissent chaque été.', ['flying-saucer', 'alien']),
  l('Urban Legends', 'A huge wolf is said to howl on the hill whenever the moon is full.', 'Se dice que un lobo enorme aúlla en la colina cada luna llena.', 'On dit qu’un loup énorme hurle sur la colline à chaque pleine lune.', ['wolf', 'full-moon']),
  l('Urban Legends', 'Nobody knows who started the rumour, but it spread faster than any truth.', 'Nadie sabe quién empezó el rumor, pero se extendió más rápido que cualquier verdad.', 'Personne ne sait qui a lancé la rumeur, mais elle s’est répandue plus vite que toute vérité.', ['topic']),

  l('Motivational', 'Every mountain is climbed one small step at a time.', 'Cada montaña se sube paso a paso.', 'Chaque montagne se gravit un petit pas à la fois.', ['mountain', 'snow-capped-mountain', 'person-climbing']),
  l('Motivational', 'Champions are made when nobody is watching, long before the trophy.', 'Los campeones se hacen cuando nadie mira, mucho antes del trofeo.', 'Les champions se forgent quand personne ne regarde, bien avant le trophée.', ['trophy', 'sports-medal', '1st-place-medal']),
  l('Motivational', 'Plant the seed today, even if you cannot see the tree yet.', 'Planta la semilla hoy, aunque todavía no veas el árbol.', 'Plantez la graine aujourd’hui, même si vous ne voyez pas encore l’arbre.', ['seedling', 'deciduous-tree', 'evergreen-tree', 'palm-tree']),
  l('Motivational', 'Your comfort zone is a beautiful place, but nothing grows there.', 'Tu zona de confort es un lugar bonito, pero allí no crece nada.', 'Votre zone de confort est un bel endroit, mais rien n’y pousse.', ['couch-and-lamp', 'topic']),
  l('Motivational', 'Get up early, lace your running shoes, and go.', 'Levántate temprano, átate las zapatillas de correr y sal.', 'Levez-vous tôt, lacez vos chaussures de course et partez.', ['running-shoe', 'person-running']),

  l('Fun Facts', 'The shrimp has its heart in its head.', 'La gamba tiene el corazón en la cabeza.', 'La crevette a le cœur dans la tête.', ['shrimp']),
  l('Fun Facts', 'Octopuses have three hearts and blue blood.', 'Los pulpos tienen tres corazones y sangre azul.', 'Les pieuvres ont trois cœurs et du sang bleu.', ['octopus']),
  l('Fun Facts', 'Bananas are berries, but strawberries are not.', 'Los plátanos son bayas, pero las fresas no.', 'Les bananes sont des baies, mais pas les fraises.', ['banana', 'strawberry']),
  l('Fun Facts', 'A snail can sleep for three years.', 'Un caracol puede dormir tres años.', 'Un escargot peut dormir pendant trois ans.', ['snail']),
  l('Fun Facts', 'Honey never spoils; jars from ancient tombs are still edible.', 'La miel nunca se estropea; los tarros de tumbas antiguas aún se pueden comer.', 'Le miel ne se gâte jamais ; les pots des tombes antiques sont encore comestibles.', ['honey-pot', 'jar', 'amphora']),

  l('Life Pro Tips', 'Put a wooden spoon across a boiling pot and it will not spill over.', 'Pon una cuchara de madera sobre la olla hirviendo y no se desbordará.', 'Posez une cuillère en bois sur la casserole qui bout et elle ne débordera pas.', ['spoon', 'pot-of-food', 'shallow-pan-of-food']),
  l('Life Pro Tips', 'Charge your phone in airplane mode and it fills up much faster.', 'Carga el teléfono en modo avión y se llenará mucho más rápido.', 'Chargez votre téléphone en mode avion et il se remplira bien plus vite.', ['mobile-phone', 'mobile-phone-with-arrow', 'battery', 'electric-plug']),
  l('Life Pro Tips', 'Keep a spare key in your wallet so you never get locked out.', 'Guarda una llave de repuesto en la cartera para no quedarte nunca fuera.', 'Gardez une clé de secours dans votre portefeuille pour ne jamais rester dehors.', ['key', 'old-key', 'locked-with-key', 'purse']),
  l('Life Pro Tips', 'Freeze grapes instead of ice cubes to keep your wine cold.', 'Congela uvas en lugar de cubitos para mantener frío el vino.', 'Congelez des raisins au lieu de glaçons pour garder votre vin au frais.', ['grapes', 'wine-glass', 'ice']),
  l('Life Pro Tips', 'When you feel stuck, change one small habit and watch what follows.', 'Cuando te sientas estancado, cambia un pequeño hábito y mira lo que sigue.', 'Quand vous vous sentez bloqué, changez une petite habitude et observez la suite.', ['topic']),

  l('Long Form Jokes', 'A penguin walks into a bar and orders a glass of milk.', 'Un pingüino entra en un bar y pide un vaso de leche.', 'Un manchot entre dans un bar et commande un verre de lait.', ['penguin']),
  l('Long Form Jokes', 'The farmer says his cow can count to ten, so the whole village comes to see.', 'El granjero dice que su vaca sabe contar hasta diez, y todo el pueblo viene a verla.', 'Le fermier dit que sa vache sait compter jusqu’à dix, et tout le village vient voir.', ['cow', 'cow-face', 'farmer']),
  l('Long Form Jokes', 'The doctor looks at the X-ray and says: your dog ate the banana.', 'El médico mira la radiografía y dice: su perro se comió el plátano.', 'Le médecin regarde la radio et dit : votre chien a mangé la banane.', ['x-ray', 'dog', 'dog-face', 'health-worker']),
  l('Long Form Jokes', 'So the pirate finally opens the treasure chest, and inside is a single sock.', 'Entonces el pirata por fin abre el cofre, y dentro solo hay un calcetín.', 'Alors le pirate ouvre enfin le coffre, et dedans il n’y a qu’une chaussette.', ['socks', 'coin']),
  l('Long Form Jokes', 'And that, my friends, is why you never argue with your grandmother.', 'Y por eso, amigos, nunca hay que discutir con la abuela.', 'Et voilà, mes amis, pourquoi on ne se dispute jamais avec sa grand-mère.', ['old-woman']),

  l('Philosophy', 'Socrates said the only thing he knew was that he knew nothing.', 'Sócrates dijo que lo único que sabía era que no sabía nada.', 'Socrate disait que la seule chose qu’il savait, c’est qu’il ne savait rien.', ['topic']),
  l('Philosophy', 'Can you step into the same river twice?', '¿Puedes bañarte dos veces en el mismo río?', 'Peut-on se baigner deux fois dans le même fleuve ?', ['water-wave', 'topic']),
  l('Philosophy', 'A tree falls in the forest and no one hears it. Does it make a sound?', 'Un árbol cae en el bosque y nadie lo oye. ¿Hace ruido?', 'Un arbre tombe dans la forêt et personne ne l’entend. Fait-il du bruit ?', ['evergreen-tree', 'deciduous-tree', 'wood']),
  l('Philosophy', 'The Stoics believed we suffer more in imagination than in reality.', 'Los estoicos creían que sufrimos más en la imaginación que en la realidad.', 'Les stoïciens pensaient que nous souffrons plus en imagination qu’en réalité.', ['topic']),
  l('Philosophy', 'Plato imagined prisoners in a cave, watching shadows of a fire on the wall.', 'Platón imaginó prisioneros en una cueva, mirando sombras de una hoguera en la pared.', 'Platon imaginait des prisonniers dans une caverne, regardant les ombres d’un feu sur le mur.', ['fire', 'bust-in-silhouette']),

  l('Custom Topic', 'Coffee beans are the seeds of a bright red cherry.', 'Los granos de café son las semillas de una cereza roja.', 'Les grains de café sont les graines d’une cerise rouge.', ['hot-beverage', 'beans', 'cherries']),
  l('Custom Topic', 'The first computer mouse was made of wood.', 'El primer ratón de ordenador era de madera.', 'La première souris d’ordinateur était en bois.', ['computer-mouse']),
  l('Custom Topic', 'A single tomato plant can grow hundreds of tomatoes in one summer.', 'Una sola tomatera puede dar cientos de tomates en un verano.', 'Un seul plant de tomate peut donner des centaines de tomates en un été.', ['tomato']),
  l('Custom Topic', 'Pizza was sold on the streets of Naples long before restaurants served it.', 'La pizza se vendía en las calles de Nápoles mucho antes de que la sirvieran los restaurantes.', 'La pizza se vendait dans les rues de Naples bien avant d’être servie au restaurant.', ['pizza']),
  l('Custom Topic', 'Thank you for watching, and see you in the next one.', 'Gracias por verlo, y nos vemos en el próximo.', 'Merci d’avoir regardé, et à bientôt pour le prochain.', ['topic']),
];
