import type { TCatalogue } from "./en";

/*
 * French (fr, France) — the play shell's catalogue. Players are addressed with "vous": the widget
 * speaks for the shop, and French shops (and their spin-to-win wheels: "Tentez votre chance !")
 * address customers with "vous"; the tone stays light and short. "Tap" is "touchez" (the sound
 * switch's tooltips, seen only with a mouse, say "cliquez"). French typography: a narrow no-break
 * space (U+202F) before ! ? ; and a no-break space (U+00A0) before :, written as \u202F / \u00A0.
 * Plurals: one (0 and 1: "0 point", "1 point"), many (millions: "# de points", "# d’erreurs"),
 * other. No digits are written as text: numbers come from values (Intl).
 *
 * Glossary (English → French):
 *   level                → niveau, niveaux (abbreviation never used)
 *   run (one attempt)    → partie ("Dernière partie", "Cette partie est terminée")
 *   track (all levels)   → tous les niveaux
 *   round (of the track) → manche (spin is "tour", so not "tour" here)
 *   win / won            → réussir un niveau, gagner une partie; "Niveau X réussi !"
 *   move(s)              → coup, coups
 *   card flip(s)         → retournement(s) (verb: retourner une carte)
 *   mistake(s)           → erreur(s); mistakes allowed → erreurs permises
 *   fuel                 → carburant (counted as game resource: "20 carburant", "+5 carburant");
 *                          out of fuel → Panne sèche
 *   star(s)              → étoile(s)
 *   score / points       → Score (label), point(s); bonus points → points bonus
 *   best score / new best → record / Record battu !
 *   booster              → booster, boosters
 *   tickets              → tickets (resource names come from the site as values, left as given)
 *   coins                → pièces
 *   balance / wallet     → solde ("Votre solde")
 *   prize wheel          → roue de la chance; daily wheel → roue du jour; the wheel → la roue
 *   spin (noun / verb)   → tour (de roue) / tourner (la roue); free spin → tour gratuit
 *   prize (on the wheel) → lot
 *   reward (for a win)   → récompense
 *   lobby                → menu (back button "Retour au menu", result button "Menu")
 *   goal(s)              → objectif(s)
 *   sign in              → se connecter
 *   gem                  → gemme (feminine); stone block / blocker → bloc de pierre, pierre(s) in goals
 *   board / cell         → plateau / case
 *   cascade              → combo; shuffle → mélange
 *   pair(s), card(s)     → paire(s), carte(s); face down / up → face cachée / retournée
 *   parcel, van, house   → colis (invariable), camionnette, maison; ribbon → ruban
 *   seed, fingerprint    → graine, empreinte
 *   Game titles: Gem Match → Gem Match (kept as a brand: short, and "match" is understood in
 *   French); Memory Pairs → Duo Mémo; Parcel Pilot → Colis Express
 */
export const FR: TCatalogue = {
  // common
  "common.list_separator": " · ",
  "common.sign_in_to_earn": "Connectez-vous ici\u00A0: vos victoires seront récompensées.",
  "common.sound.on": "Son activé",
  "common.sound.off": "Son coupé",
  "common.sound.on_hint": "Son activé\u00A0: cliquez pour couper",
  "common.sound.off_hint": "Son coupé\u00A0: cliquez pour activer",
  "common.wallet_label": "Votre solde",

  // shell
  "shell.loading": "Chargement…",
  "shell.waiting_for_sign_in": "Connexion via le site en cours…",
  "shell.loading_games": "Chargement des jeux…",
  "shell.lobby_failed": "Impossible de charger les jeux. Vérifiez votre connexion et réessayez.",
  "shell.wheel_closed": "La roue de la chance est fermée pour le moment. Revenez plus tard\u202F!",
  "shell.run_ended": "Cette partie est déjà terminée.",
  "shell.start_failed": "Impossible de lancer la partie. Réessayez.",
  "shell.start_error.rate_limited": "Doucement\u202F! Réessayez dans un instant.",
  "shell.start_error.level_locked": "Ce niveau n’est pas encore débloqué.",
  "shell.start_error.game_updated": "Jeu mis à jour\u202F! Chargement de la nouvelle version…",
  "shell.start_error.game_unavailable": "Ce jeu fait une petite pause.",

  // lobby
  "lobby.eyebrow.play_and_win": "Jouez et gagnez",
  "lobby.eyebrow.play": "À vous de jouer",
  "lobby.eyebrow.free_play": "Pour le plaisir",
  "lobby.title_fallback": "Jeux",
  "lobby.track_complete":
    "{count, plural, =1 {Niveau terminé\u202F! Rejouez pour un nouveau record.} one {Tous les niveaux sont terminés\u202F! Rejouez pour un nouveau record.} many {Les # de niveaux sont terminés\u202F! Rejouez pour un nouveau record.} other {Les # niveaux sont terminés\u202F! Rejouez pour un nouveau record.}}",
  "lobby.level_badge": "Niveau",
  "lobby.goals_label": "Objectifs",
  "lobby.play": "Jouer",
  "lobby.play_level": "Jouer le niveau {level}",
  "lobby.resume_level": "Reprendre le niveau {level}",
  "lobby.start_over": "Recommencer",
  "lobby.wheel.daily": "Roue du jour",
  "lobby.wheel.prize": "Roue de la chance",
  "lobby.wheel.spin_for_prizes": "Tournez et gagnez des lots",
  "lobby.wheel.prize_waiting": "Un lot vous attend",
  "lobby.wheel.free_spins_ready":
    "{count, plural, =1 {Votre tour gratuit est prêt} one {# tour gratuit prêt} many {# de tours gratuits prêts} other {# tours gratuits prêts}}",
  "lobby.wheel.spin_for_tickets": "Un tour contre {count, plural, one {# ticket} many {# de tickets} other {# tickets}}",
  "lobby.wheel.back_tomorrow": "De nouveaux tours demain",
  "lobby.wheel.cta_spin": "Tourner",
  "lobby.wheel.cta_reveal": "Révéler",
  "lobby.wheel.cta_look": "Voir",
  "lobby.progress.title": "Votre progression",
  "lobby.progress.levels": "{done} / {total, plural, one {# niveau} many {# de niveaux} other {# niveaux}}",
  "lobby.progress.bar_label": "Niveaux réussis",
  "lobby.progress.round": "Manche {round}",
  "lobby.levels.label": "Niveaux",
  "lobby.levels.level": "Niveau {level}",
  "lobby.levels.level_stars": "Niveau {level}\u00A0: {stars, plural, one {# étoile} many {# d’étoiles} other {# étoiles}} sur trois",
  "lobby.last_result": "Dernière partie\u00A0: niveau {level} · {status}",
  "lobby.last_result_reward": "Dernière partie\u00A0: niveau {level} · {status} · {reward}",
  "lobby.status.won": "Gagnée",
  "lobby.status.lost": "Pas cette fois",
  "lobby.status.abandoned": "Abandonnée",
  "lobby.reward.pending": "récompense en route",
  "lobby.reward.delayed": "récompense retardée",
  "lobby.reward.checking": "récompense en vérification",
  "lobby.reward.confirmed": "récompense envoyée",
  "lobby.reward.unavailable": "récompense indisponible",
  "lobby.try_again": "Réessayer",

  // goals
  "goals.score": "Atteignez {count, plural, one {# point} many {# de points} other {# points}}",
  "goals.collect.red": "Collectez {count, plural, one {# gemme rouge} many {# de gemmes rouges} other {# gemmes rouges}}",
  "goals.collect.blue": "Collectez {count, plural, one {# gemme bleue} many {# de gemmes bleues} other {# gemmes bleues}}",
  "goals.collect.green": "Collectez {count, plural, one {# gemme verte} many {# de gemmes vertes} other {# gemmes vertes}}",
  "goals.collect.yellow": "Collectez {count, plural, one {# gemme jaune} many {# de gemmes jaunes} other {# gemmes jaunes}}",
  "goals.collect.purple": "Collectez {count, plural, one {# gemme violette} many {# de gemmes violettes} other {# gemmes violettes}}",
  "goals.collect.orange": "Collectez {count, plural, one {# gemme orange} many {# de gemmes orange} other {# gemmes orange}}",
  "goals.collect.named_colour": "Collectez {count, plural, one {# gemme {colour}} many {# de gemmes {colour}} other {# gemmes {colour}}}",
  "goals.collect.any": "Collectez {count, plural, one {# gemme} many {# de gemmes} other {# gemmes}}",
  "goals.clear_blockers": "Brisez {count, plural, one {# pierre} many {# de pierres} other {# pierres}}",
  "goals.pairs": "Trouvez {count, plural, one {# paire} many {# de paires} other {# paires}}",
  "goals.deliveries": "Livrez {count, plural, one {# colis} many {# de colis} other {# colis}}",
  "goals.other": "{goal}\u00A0: {count}",
  "goals.limit.moves": "{count, plural, one {# coup} many {# de coups} other {# coups}}",
  "goals.limit.fuel": "{count, plural, one {# carburant} many {# de carburant} other {# carburant}}",
  "goals.limit.flips": "{count, plural, one {# retournement} many {# de retournements} other {# retournements}}",
  "goals.limit.mistakes": "{count, plural, one {# erreur permise} many {# d’erreurs permises} other {# erreurs permises}}",
  "goals.limit.board": "plateau {rows}×{columns}",
  "goals.limit.cards": "{count, plural, one {# carte} many {# de cartes} other {# cartes}}",
  "goals.unavailable.mechanic_unavailable": "Ce jeu fait une petite pause. Revenez bientôt\u202F!",
  "goals.unavailable.mode_not_allowed": "Les jeux sont indisponibles pour le moment.",
  "goals.unavailable.level_locked": "Le niveau suivant est encore verrouillé.",

  // howto
  "howto.close": "C’est parti\u202F!",
  "howto.match3.title": "Comment jouer à Gem Match",
  "howto.match3.swap": "Échangez deux gemmes voisines pour en aligner trois ou plus de même couleur.",
  "howto.match3.clear": "Les lignes rapportent des points. Les gemmes qui tombent font des combos\u202F!",
  "howto.match3.goals":
    "Atteignez les objectifs en haut avant d’épuiser vos coups. Les coups restants deviennent points bonus et étoiles.",
  "howto.memory.title": "Comment jouer à Duo Mémo",
  "howto.memory.flip": "Touchez une carte pour la retourner, puis une autre.",
  "howto.memory.pair": "Deux cartes identiques restent visibles\u00A0: une paire\u202F! Les séries rapportent plus.",
  "howto.memory.miss":
    "Raté\u202F? Les cartes se retournent\u00A0: retenez leur place. Erreurs et retournements sont limités\u202F; le reste devient des points bonus.",
  "howto.parcel.title": "Comment jouer à Colis Express",
  "howto.parcel.drive": "Guidez la camionnette avec les flèches, le clavier ou en glissant le doigt. Les bâtiments barrent la route.",
  "howto.parcel.pick_up": "Roulez sur un colis pour le charger. La couleur de son ruban indique où le livrer.",
  "howto.parcel.deliver":
    "Livrez-le à la porte de même couleur. Chaque case coûte du carburant\u202F; le reste devient des points bonus.",

  // hud
  "hud.back": "Retour au menu",
  "hud.level": "Niveau {level}",
  "hud.score": "Score",
  "hud.goals_label": "Objectifs",
  "hud.goal_progress": "{goal}\u00A0: {progress} sur {target}",
  "hud.counter.moves": "{count, plural, one {coup} many {coups} other {coups}}",
  "hud.counter.fuel": "{count, plural, one {carburant} many {carburant} other {carburant}}",
  "hud.counter.mistakes": "{count, plural, one {erreur permise} many {erreurs permises} other {erreurs permises}}",
  "hud.counter.flips": "{count, plural, one {retournement} many {retournements} other {retournements}}",

  // game
  "game.aim.prompt": "Touchez une case à briser",
  "game.aim.cancel": "Annuler",
  "game.toast.retry": "Réessayer",
  "game.toast.connection_problem": "Problème de connexion.",
  "game.toast.move_safe": "Problème de connexion. Votre coup est conservé.",
  "game.toast.slow_down": "Ralentissez un peu…",
  "game.toast.booster_unusable": "Ce booster n’est plus utilisable ici.",
  "game.toast.ended": "Cette partie est terminée.",

  // games
  "launcher.games": "Jeux",
  "launcher.open": "Ouvrir les jeux",
  "launcher.close": "Fermer les jeux",
  "games.match3_v1.title": "Gem Match",
  "games.memory_v1.title": "Duo Mémo",
  "games.parcel_pilot_v1.title": "Colis Express",

  // refusal
  "refusal.out_of_bounds": "C’est hors du plateau",
  "refusal.run_finished": "Ce niveau est terminé",
  "refusal.impossible": "Ce coup n’est pas possible",
  "refusal.fallback": "Pas comme ça",
  "refusal.match3.no_match": "Aucun alignement ici",
  "refusal.match3.not_adjacent": "Échangez des gemmes voisines",
  "refusal.match3.blocked": "Les pierres ne bougent pas",
  "refusal.memory.already_open": "Cette carte est déjà retournée",
  "refusal.parcel.blocked": "Un bâtiment bloque le passage",
  "refusal.parcel.out_of_bounds": "La route s’arrête ici",

  // result
  "result.title.won": "Niveau {level} réussi\u202F!",
  "result.loss.out_of_moves": "Plus de coups",
  "result.loss.out_of_fuel": "Panne sèche",
  "result.loss.too_many_mistakes": "Trop d’erreurs",
  "result.loss.out_of_flips": "Plus de retournements",
  "result.loss.expired": "Temps écoulé",
  "result.loss.fallback": "Presque\u202F!",
  "result.stars.label": "{stars, plural, one {# étoile} many {# d’étoiles} other {# étoiles}} sur {total}",
  "result.bonus.match3": "Bonus coups restants\u00A0: +{bonus}",
  "result.bonus.memory": "Bonus erreurs et retournements restants\u00A0: +{bonus}",
  "result.bonus.parcel": "Bonus carburant restant\u00A0: +{bonus}",
  "result.bonus.other": "Bonus réserves restantes\u00A0: +{bonus}",
  "result.score": "Score",
  "result.badge.new_best": "Record battu\u202F!",
  "result.badge.first_clear": "Une première\u202F!",
  "result.stat.best": "Record",
  "result.stat.levels": "Niveaux",
  "result.stat.levels_value": "{done}/{total}",
  "result.stat.round": "Manche",
  "result.track_complete": "Bravo\u202F! Vous avez réussi tous les niveaux.",
  "result.next_up": "À suivre\u00A0: niveau {level}",
  "result.button.play_level": "Jouer le niveau {level}",
  "result.button.continue": "Continuer",
  "result.button.try_again": "Réessayer",
  "result.button.lobby": "Menu",
  "result.reward.pending": "Votre récompense est en route.",
  "result.reward.checking": "Vérification de votre récompense en cours.",
  "result.reward.confirmed": "Votre récompense a été envoyée.",

  // booster
  "booster.tray.label": "Boosters",
  "booster.label.owned": "{name}\u00A0: vous en avez {count}. Touchez pour l’utiliser.",
  "booster.label.confirm": "Acheter {name} pour {price} {resource}\u202F? Touchez à nouveau pour acheter.",
  "booster.label.for_sale": "{name}\u00A0: {description} Prix\u00A0: {price} {resource}.",
  "booster.badge.owned": "×{count}",
  "booster.badge.confirm": "Achat\u202F?",
  "booster.toast.busy": "Un instant, le plateau bouge encore.",
  "booster.toast.need": "Il vous faut {price} {resource} pour {name}.",
  "booster.error.insufficient_balance": "Solde insuffisant pour l’instant. Gagnez des parties ou tournez la roue.",
  "booster.error.economy_disabled": "La boutique est fermée pour le moment.",
  "booster.error.rate_limited": "Doucement\u202F! Réessayez dans un instant.",
  "booster.error.not_found": "Ce booster n’est plus en vente.",
  "booster.error.fallback": "L’achat n’a pas pu aboutir. Réessayez.",

  // economy: Playloop's own resources and boosters, while the site has not renamed them
  "economy.resource.tickets": "tickets",
  "economy.resource.coins": "pièces",
  "economy.booster.gem_shuffle.name": "Mélange",
  "economy.booster.gem_shuffle.description": "Mélangez le plateau pour de nouvelles combinaisons",
  "economy.booster.gem_hammer.name": "Marteau",
  "economy.booster.gem_hammer.description": "Brisez une gemme",
  "economy.booster.pairs_peek.name": "Coup d’œil",
  "economy.booster.pairs_peek.description": "Voyez toutes les cartes un instant",
  "economy.booster.van_fuel.name": "Carburant\u00A0+",
  "economy.booster.van_fuel.description": "Du carburant pour cinq coups de plus",

  // match3
  "match3.board.label": "Plateau de jeu",
  "match3.board.keyboard_label":
    "Plateau de jeu, {rows} lignes sur {cols} colonnes. Flèches pour se déplacer, Entrée pour sélectionner une gemme, puis une flèche pour l’échanger. Échap pour annuler.",
  "match3.gem.red": "gemme rouge",
  "match3.gem.blue": "gemme bleue",
  "match3.gem.green": "gemme verte",
  "match3.gem.yellow": "gemme jaune",
  "match3.gem.purple": "gemme violette",
  "match3.gem.orange": "gemme orange",
  "match3.gem.named_colour": "gemme {colour}",
  "match3.tile.blocker": "bloc de pierre",
  "match3.float.points": "+{points}",
  "match3.float.cascade": "Combo ×{cascade}",
  "match3.float.shuffle": "Mélange\u202F!",
  "match3.sr.cell_gem": "{gem}, ligne {row}, colonne {col}",
  "match3.sr.cell_gem_selected": "{gem}, ligne {row}, colonne {col}, sélectionnée",
  "match3.sr.cell_blocker": "bloc de pierre, ligne {row}, colonne {col}",
  "match3.sr.cell_empty": "case vide, ligne {row}, colonne {col}",
  "match3.sr.selected": "Sélection\u00A0: {gem}. Appuyez sur une flèche pour l’échanger.",
  "match3.sr.selection_cleared": "Sélection annulée",
  "match3.sr.empty_cell": "Case vide",
  "match3.sr.blockers_cant_move": "Les blocs de pierre ne bougent pas",
  "match3.sr.edge": "Bord du plateau",
  "match3.sr.refused.no_match": "Aucun alignement ici",
  "match3.sr.refused.not_adjacent": "Gemmes non voisines",
  "match3.sr.refused.other": "Échange impossible ici",
  "match3.sr.swapped": "Échange réussi, {points, plural, one {+# point} many {+# de points} other {+# points}}",
  "match3.sr.swapped_moves":
    "Échange réussi, {points, plural, one {+# point} many {+# de points} other {+# points}}. {moves, plural, one {Il reste # coup} many {Il reste # de coups} other {Il reste # coups}}",
  "match3.sr.swapped_cascade": "Échange réussi, {points, plural, one {+# point} many {+# de points} other {+# points}}, combo ×{cascade}",
  "match3.sr.swapped_cascade_moves":
    "Échange réussi, {points, plural, one {+# point} many {+# de points} other {+# points}}, combo ×{cascade}. {moves, plural, one {Il reste # coup} many {Il reste # de coups} other {Il reste # coups}}",
  "match3.sr.swapped_shuffled": "Échange réussi, {points, plural, one {+# point} many {+# de points} other {+# points}}. Plateau mélangé",
  "match3.sr.swapped_shuffled_moves":
    "Échange réussi, {points, plural, one {+# point} many {+# de points} other {+# points}}. Plateau mélangé. {moves, plural, one {Il reste # coup} many {Il reste # de coups} other {Il reste # coups}}",
  "match3.sr.swapped_cascade_shuffled":
    "Échange réussi, {points, plural, one {+# point} many {+# de points} other {+# points}}, combo ×{cascade}. Plateau mélangé",
  "match3.sr.swapped_cascade_shuffled_moves":
    "Échange réussi, {points, plural, one {+# point} many {+# de points} other {+# points}}, combo ×{cascade}. Plateau mélangé. {moves, plural, one {Il reste # coup} many {Il reste # de coups} other {Il reste # coups}}",

  // memory
  "memory.board.label": "Cartes",
  "memory.card.face_down": "Carte {number}, face cachée",
  "memory.card.face_up": "Carte {number}\u00A0: {face}",
  "memory.card.matched": "Carte {number}\u00A0: {face}, paire trouvée",
  "memory.float.points": "+{points}",
  "memory.face.apple": "pomme",
  "memory.face.anchor": "ancre",
  "memory.face.bell": "cloche",
  "memory.face.bolt": "éclair",
  "memory.face.cactus": "cactus",
  "memory.face.cherry": "cerises",
  "memory.face.cloud": "nuage",
  "memory.face.crown": "couronne",
  "memory.face.diamond": "diamant",
  "memory.face.drum": "tambour",
  "memory.face.feather": "plume",
  "memory.face.fish": "poisson",
  "memory.face.flower": "fleur",
  "memory.face.gift": "cadeau",
  "memory.face.heart": "cœur",
  "memory.face.key": "clé",
  "memory.face.kite": "cerf-volant",
  "memory.face.leaf": "feuille",
  "memory.face.moon": "lune",
  "memory.face.mushroom": "champignon",
  "memory.face.planet": "planète",
  "memory.face.rocket": "fusée",
  "memory.face.shell": "coquillage",
  "memory.face.star": "étoile",

  // parcel
  "parcel.board.label": "Camionnette en ligne {row}, colonne {col}, {count} colis à bord",
  "parcel.parcel.title": "Colis {id}",
  "parcel.float.points": "+{points}",
  "parcel.float.fuel": "{amount, plural, one {+# carburant} many {+# de carburant} other {+# carburant}}",
  "parcel.dpad.label": "Diriger la camionnette",
  "parcel.dpad.up": "Haut",
  "parcel.dpad.down": "Bas",
  "parcel.dpad.left": "Gauche",
  "parcel.dpad.right": "Droite",

  // wheel
  "wheel.title.daily": "Roue du jour",
  "wheel.title.site": "Roue de la chance",
  "wheel.back": "Retour aux jeux",
  "wheel.picture":
    "{count, plural, one {Roue de la chance avec # lot} many {Roue de la chance avec # de lots} other {Roue de la chance avec # lots}}",
  "wheel.loading": "Chargement de la roue…",
  "wheel.load_failed": "Impossible de charger la roue. Vérifiez votre connexion et réessayez.",
  "wheel.status.free":
    "{count, plural, =1 {Vous avez un tour gratuit aujourd’hui\u202F!} one {Vous avez # tour gratuit aujourd’hui\u202F!} many {Vous avez # de tours gratuits aujourd’hui\u202F!} other {Vous avez # tours gratuits aujourd’hui\u202F!}}",
  "wheel.status.paid":
    "{cost, plural, one {Tours gratuits épuisés. Nouveau tour\u00A0: # ticket (vous en avez {balance}).} many {Tours gratuits épuisés. Nouveau tour\u00A0: # de tickets (vous en avez {balance}).} other {Tours gratuits épuisés. Nouveau tour\u00A0: # tickets (vous en avez {balance}).}}",
  "wheel.status.done": "C’est tout pour aujourd’hui. Nouveaux tours dès {time}.",
  "wheel.button.spin": "Tourner la roue",
  "wheel.button.spin_free": "Tourner gratuitement",
  "wheel.button.spin_paid": "{cost, plural, one {Tourner (# ticket)} many {Tourner (# de tickets)} other {Tourner (# tickets)}}",
  "wheel.rules.summary": "Règles et transparence",
  "wheel.rules.organiser":
    "{form, select, address_contact {Organisateur\u00A0: {name}, {address} · {contact}} address {Organisateur\u00A0: {name}, {address}} contact {Organisateur\u00A0: {name} · {contact}} other {Organisateur\u00A0: {name}}}",
  "wheel.rules.fairness":
    "Le résultat de chaque tour est fixé avant que vous n’appuyiez\u00A0: votre prochain tour utilise la graine secrète dont l’empreinte figure ci-dessous. Elle est révélée après le tour pour que chacun puisse la vérifier.",
  "wheel.rules.next_seed": "Prochaine graine (empreinte)",
  "wheel.rules.last_seed": "Graine du dernier tour",
  "wheel.result.won":
    "{count, plural, one {Vous avez gagné # × {resource}\u202F!} many {Vous avez gagné # × {resource}\u202F!} other {Vous avez gagné # {resource}\u202F!}}",
  "wheel.result.nothing": "Pas de lot cette fois",
  "wheel.result.earlier": "Résultat de votre dernier tour.",
  "wheel.result.in_balance": "C’est déjà dans votre solde.",
  "wheel.result.better_luck": "Bonne chance pour le prochain tour\u202F!",
  "wheel.result.collect": "Récupérer",
  "wheel.result.ok": "OK",
  "wheel.toast.updated": "La roue vient d’être mise à jour. Voici la nouvelle\u202F!",
  "wheel.toast.spin_failed": "La roue n’a pas tourné. Réessayez.",
  "wheel.error.insufficient_balance": "Pas assez de tickets pour rejouer. Gagnez des parties pour en obtenir.",
  "wheel.error.spins_exhausted": "Plus de tours pour aujourd’hui. Revenez demain\u202F!",
  "wheel.error.rate_limited": "Doucement\u202F! Réessayez dans un instant.",
  "wheel.error.forbidden": "Connectez-vous sur le site pour tourner la roue.",
  "wheel.error.closed": "La roue est fermée pour le moment.",
  "wheel.error.economy_disabled": "Les tours avec tickets sont en pause pour le moment.",

  // reward status (GET /v1/game-runs/{run_id}/reward `label`)
  "reward.status.pending": "Votre récompense est en route",
  "reward.status.checking": "Votre récompense est en cours de vérification",
  "reward.status.delayed": "Votre récompense arrivera un peu plus tard",
  "reward.status.confirmed": "Votre récompense a été envoyée",
  "reward.status.unavailable": "Cette récompense ne peut pas être attribuée",
  "reward.status.none": "Pas de récompense pour cette partie",

  // what a new wheel starts with (the site's own text from then on)
  "wheel.default.rules": "Un tour gratuit par jour, les tours suivants coûtent des tickets. Les lots sont crédités aussitôt. Une fois le budget de lots du jour épuisé, un lot peut être remplacé par « Rejouez ».",
  "wheel.default.try_again": "Rejouez",
  "wheel.default.so_close": "Presque !",
  "wheel.default.tickets": "{count, plural, one {# ticket} many {# de tickets} other {# tickets}}",
  "wheel.default.coins": "{count, plural, one {# pièce} many {# de pièces} other {# pièces}}",
};
