import type { TCatalogue } from "./en";

/*
 * Dutch (nl) — the play shell's catalogue. Players are addressed informally ("je/jij"), as Dutch
 * and Flemish webshops (and practically every casual game) speak to their customers.
 * Plurals use one/other; no numbers are written as digits in the text.
 *
 * Glossary (English → Dutch):
 *   level                → level (het level, de levels); locked → op slot; complete → gehaald
 *   run                  → spel (to players: "dit spel", "vorig spel")
 *   game(s)              → spel, spellen
 *   move(s)              → zet, zetten
 *   card flip(s)         → omdraaien (count: "20× omdraaien", counter "keer omdraaien"; out of flips → "Geen omdraaibeurten meer")
 *   mistake(s)           → fout, fouten
 *   fuel                 → brandstof (no plural)
 *   star(s)              → ster, sterren
 *   score / points       → Score (label); punt, punten; best score → Record; new best → Nieuw record!
 *   bonus points         → bonuspunten
 *   booster              → booster, boosters
 *   tickets              → tickets (resource names come from the site as values, untranslated)
 *   coins                → munten
 *   balance / wallet     → saldo ("je saldo")
 *   prize wheel          → prijzenrad (the wheel → het rad)
 *   daily wheel          → Rad van de dag
 *   spin (noun / verb)   → draai, draaien / draaien (aan het rad); free spin → gratis draai
 *   prize                → prijs, prijzen
 *   reward               → beloning
 *   lobby                → overzicht (rarely said)
 *   goal(s)              → doel, doelen
 *   gem                  → juweel, juwelen (not "edelsteen": it would clash with the stones)
 *   stone block (blocker)→ steen, stenen (goals, messages); steenblok (screen-reader tile name)
 *   board / cell         → speelveld / vakje
 *   cascade              → combo
 *   shuffle              → husselen (gehusseld)
 *   pair(s), card(s)     → paartje, paartjes; kaart, kaarten; face down / up → dicht / open
 *   parcel, van          → pakket, pakketten; busje
 *   round (of the track) → ronde
 *   tap / swipe          → tikken / swipe
 *   sign in              → inloggen
 *   seed, fingerprint    → seed, vingerafdruk
 *   Game titles: Gem Match → Gem Match (kept as a brand, English game names are usual in Dutch
 *   app stores); Memory Pairs → Paartjes zoeken (what Dutch players call the game; "Memory" is a
 *   Ravensburger trademark); Parcel Pilot → Pakketpiloot
 */
export const NL: TCatalogue = {
  // common
  "common.list_separator": " · ",
  "common.sign_in_to_earn": "Log in op deze site en verdien beloningen als je wint.",
  "common.sound.on": "Geluid aan",
  "common.sound.off": "Geluid uit",
  "common.sound.on_hint": "Geluid aan: tik om te dempen",
  "common.sound.off_hint": "Geluid uit: tik om aan te zetten",
  "common.wallet_label": "Je saldo",

  // shell
  "shell.loading": "Laden…",
  "shell.waiting_for_sign_in": "Wachten tot de site je inlogt…",
  "shell.loading_games": "Spellen laden…",
  "shell.lobby_failed": "De spellen laden niet. Check je verbinding en probeer het opnieuw.",
  "shell.wheel_closed": "Het prijzenrad is nu even dicht. Kom later nog eens terug.",
  "shell.run_ended": "Dit spel is al afgelopen.",
  "shell.start_failed": "Het spel kon niet starten. Probeer het opnieuw.",
  "shell.start_error.rate_limited": "Rustig aan! Probeer het zo opnieuw.",
  "shell.start_error.level_locked": "Dat level zit nog op slot.",
  "shell.start_error.game_updated": "Het spel is net bijgewerkt. Nieuwe versie laden…",
  "shell.start_error.game_unavailable": "Dit spel heeft even pauze.",

  // lobby
  "lobby.eyebrow.play_and_win": "Speel & win",
  "lobby.eyebrow.play": "Spelen",
  "lobby.eyebrow.free_play": "Voor de lol",
  "lobby.title_fallback": "Spellen",
  "lobby.track_complete":
    "{count, plural, =1 {Level gehaald! Speel door voor een nieuw record.} one {Alle # level gehaald! Speel door voor een nieuw record.} other {Alle # levels gehaald! Speel door voor een nieuw record.}}",
  "lobby.level_badge": "Level",
  "lobby.goals_label": "Doelen",
  "lobby.play": "Speel nu",
  "lobby.play_level": "Speel level {level}",
  "lobby.resume_level": "Verder: level {level}",
  "lobby.start_over": "Begin opnieuw",
  "lobby.wheel.daily": "Rad van de dag",
  "lobby.wheel.prize": "Prijzenrad",
  "lobby.wheel.spin_for_prizes": "Draai en win prijzen",
  "lobby.wheel.prize_waiting": "Er wacht een prijs op je",
  "lobby.wheel.free_spins_ready":
    "{count, plural, =1 {Je gratis draai staat klaar} one {Je hebt # gratis draai} other {Je hebt # gratis draaien}}",
  "lobby.wheel.spin_for_tickets": "Draai voor {count, plural, one {# ticket} other {# tickets}}",
  "lobby.wheel.back_tomorrow": "Morgen weer nieuwe draaien",
  "lobby.wheel.cta_spin": "Draaien",
  "lobby.wheel.cta_reveal": "Openen",
  "lobby.wheel.cta_look": "Bekijken",
  "lobby.progress.title": "Je voortgang",
  "lobby.progress.levels": "{done} / {total, plural, one {# level} other {# levels}}",
  "lobby.progress.bar_label": "Gehaalde levels",
  "lobby.progress.round": "Ronde {round}",
  "lobby.levels.label": "Levels",
  "lobby.levels.level": "Level {level}",
  "lobby.levels.level_stars": "Level {level}: {stars} van de drie sterren",
  "lobby.last_result": "Vorig spel: level {level} · {status}",
  "lobby.last_result_reward": "Vorig spel: level {level} · {status} · {reward}",
  "lobby.status.won": "Gewonnen",
  "lobby.status.lost": "Deze keer niet",
  "lobby.status.abandoned": "Vroeg gestopt",
  "lobby.reward.pending": "beloning onderweg",
  "lobby.reward.delayed": "beloning vertraagd",
  "lobby.reward.checking": "beloning in controle",
  "lobby.reward.confirmed": "beloning verstuurd",
  "lobby.reward.unavailable": "beloning vervalt",
  "lobby.try_again": "Opnieuw proberen",

  // goals
  "goals.score": "Haal {count, plural, one {# punt} other {# punten}}",
  "goals.collect.red": "Verzamel {count, plural, one {# rood juweel} other {# rode juwelen}}",
  "goals.collect.blue": "Verzamel {count, plural, one {# blauw juweel} other {# blauwe juwelen}}",
  "goals.collect.green": "Verzamel {count, plural, one {# groen juweel} other {# groene juwelen}}",
  "goals.collect.yellow": "Verzamel {count, plural, one {# geel juweel} other {# gele juwelen}}",
  "goals.collect.purple": "Verzamel {count, plural, one {# paars juweel} other {# paarse juwelen}}",
  "goals.collect.orange": "Verzamel {count, plural, one {# oranje juweel} other {# oranje juwelen}}",
  "goals.collect.named_colour": "Verzamel {count, plural, one {# juweel in {colour}} other {# juwelen in {colour}}}",
  "goals.collect.any": "Verzamel {count, plural, one {# juweel} other {# juwelen}}",
  "goals.clear_blockers": "Breek {count, plural, one {# steen} other {# stenen}}",
  "goals.pairs": "Vind {count, plural, one {# paartje} other {# paartjes}}",
  "goals.deliveries": "Bezorg {count, plural, one {# pakket} other {# pakketten}}",
  "goals.other": "{goal}: {count}",
  "goals.limit.moves": "{count, plural, one {# zet} other {# zetten}}",
  "goals.limit.fuel": "{count, plural, one {# brandstof} other {# brandstof}}",
  "goals.limit.flips": "{count, plural, one {#× omdraaien} other {#× omdraaien}}",
  "goals.limit.mistakes": "{count, plural, one {# fout toegestaan} other {# fouten toegestaan}}",
  "goals.limit.board": "{rows}×{columns}-speelveld",
  "goals.limit.cards": "{count, plural, one {# kaart} other {# kaarten}}",
  "goals.unavailable.mechanic_unavailable": "Dit spel heeft even pauze. Kijk snel nog eens.",
  "goals.unavailable.mode_not_allowed": "Spellen zijn nu even niet beschikbaar.",
  "goals.unavailable.level_locked": "Het volgende level zit nog op slot.",

  // howto
  "howto.close": "Oké, spelen maar!",
  "howto.match3.title": "Zo speel je Gem Match",
  "howto.match3.swap": "Wissel twee juwelen naast elkaar: drie of meer van één kleur op een rij!",
  "howto.match3.clear": "Rijen geven punten. Nieuwe juwelen vallen erbij en maken soms combo’s.",
  "howto.match3.goals": "Haal de doelen bovenaan voordat je zetten op zijn. Zetten die je overhoudt, worden bonuspunten en sterren.",
  "howto.memory.title": "Zo speel je Paartjes zoeken",
  "howto.memory.flip": "Tik op een kaart om hem om te draaien, daarna op een tweede.",
  "howto.memory.pair": "Gelijke kaarten blijven open: een paartje! Paartjes op rij scoren extra.",
  "howto.memory.miss":
    "Mis? Dan gaan ze weer dicht: onthoud waar ze liggen. Fouten en omdraaien zijn beperkt; wat je overhoudt, wordt bonuspunten.",
  "howto.parcel.title": "Zo speel je Pakketpiloot",
  "howto.parcel.drive": "Stuur het busje over de wegen met de pijlen, pijltjestoetsen of een swipe. Gebouwen staan in de weg.",
  "howto.parcel.pick_up": "Rijd over een pakket om het op te halen. De lintkleur zegt waar het heen moet.",
  "howto.parcel.deliver": "Breng het naar het huis met een deur in die kleur. Elke stap kost brandstof; wat overblijft, wordt bonuspunten.",

  // hud
  "hud.back": "Terug naar het overzicht",
  "hud.level": "Level {level}",
  "hud.score": "Score",
  "hud.goals_label": "Doelen",
  "hud.goal_progress": "{goal}: {progress} van {target}",
  "hud.counter.moves": "{count, plural, one {zet} other {zetten}}",
  "hud.counter.fuel": "{count, plural, one {brandstof} other {brandstof}}",
  "hud.counter.mistakes": "{count, plural, one {fout over} other {fouten over}}",
  "hud.counter.flips": "{count, plural, one {keer omdraaien} other {keer omdraaien}}",

  // game
  "game.aim.prompt": "Kies een vakje om te breken",
  "game.aim.cancel": "Annuleren",
  "game.toast.retry": "Opnieuw",
  "game.toast.connection_problem": "Verbindingsprobleem.",
  "game.toast.move_safe": "Verbindingsprobleem. Je zet is bewaard.",
  "game.toast.slow_down": "Iets rustiger aan…",
  "game.toast.booster_unusable": "Die booster kun je hier niet meer gebruiken.",
  "game.toast.ended": "Dit spel is afgelopen.",

  // games
  "launcher.games": "Spellen",
  "launcher.open": "Spellen openen",
  "launcher.close": "Spellen sluiten",
  "games.match3_v1.title": "Gem Match",
  "games.memory_v1.title": "Paartjes zoeken",
  "games.parcel_pilot_v1.title": "Pakketpiloot",

  // refusal
  "refusal.out_of_bounds": "Dat valt buiten het speelveld",
  "refusal.run_finished": "Dit level is voorbij",
  "refusal.impossible": "Die zet kan niet",
  "refusal.fallback": "Zo gaat het niet",
  "refusal.match3.no_match": "Dat geeft geen rij",
  "refusal.match3.not_adjacent": "Wissel juwelen naast elkaar",
  "refusal.match3.blocked": "Stenen kunnen niet bewegen",
  "refusal.memory.already_open": "Die kaart ligt al open",
  "refusal.parcel.blocked": "Er staat een gebouw in de weg",
  "refusal.parcel.out_of_bounds": "Hier houdt de weg op",

  // result
  "result.title.won": "Level {level} gehaald!",
  "result.loss.out_of_moves": "Geen zetten meer",
  "result.loss.out_of_fuel": "Geen brandstof meer",
  "result.loss.too_many_mistakes": "Te veel fouten",
  "result.loss.out_of_flips": "Geen omdraaibeurten meer",
  "result.loss.expired": "De tijd is om",
  "result.loss.fallback": "Net niet!",
  "result.stars.label": "{stars} van {total} sterren",
  "result.bonus.match3": "Bonus voor resterende zetten: +{bonus}",
  "result.bonus.memory": "Bonus voor gespaarde fouten en omdraaien: +{bonus}",
  "result.bonus.parcel": "Bonus voor resterende brandstof: +{bonus}",
  "result.bonus.other": "Bonus voor wat je overhoudt: +{bonus}",
  "result.score": "Score",
  "result.badge.new_best": "Nieuw record!",
  "result.badge.first_clear": "Eerste winst",
  "result.stat.best": "Record",
  "result.stat.levels": "Levels",
  "result.stat.levels_value": "{done}/{total}",
  "result.stat.round": "Ronde",
  "result.track_complete": "Uitgespeeld! Je hebt elk level gehaald.",
  "result.next_up": "Hierna: level {level}",
  "result.button.play_level": "Speel level {level}",
  "result.button.continue": "Verder",
  "result.button.try_again": "Nog een keer",
  "result.button.lobby": "Overzicht",
  "result.reward.pending": "Je beloning is onderweg.",
  "result.reward.checking": "Je beloning wordt gecontroleerd.",
  "result.reward.confirmed": "Je beloning is verstuurd.",

  // booster
  "booster.tray.label": "Boosters",
  "booster.label.owned": "{name}: je hebt er {count}. Tik om te gebruiken.",
  "booster.label.confirm": "{name} kopen voor {price} {resource}? Tik nog een keer om te kopen.",
  "booster.label.for_sale": "{name}: {description} Kost {price} {resource}.",
  "booster.badge.owned": "×{count}",
  "booster.badge.confirm": "Kopen?",
  "booster.toast.busy": "Momentje – het speelveld beweegt nog.",
  "booster.toast.need": "Je hebt {price} {resource} nodig voor {name}.",
  "booster.error.insufficient_balance": "Daar heb je nog niet genoeg voor. Win spellen of draai aan het rad.",
  "booster.error.economy_disabled": "Kopen kan nu even niet.",
  "booster.error.rate_limited": "Rustig aan! Probeer het zo opnieuw.",
  "booster.error.not_found": "Die booster is niet meer te koop.",
  "booster.error.fallback": "De aankoop is niet gelukt. Probeer het opnieuw.",

  // economy: Playloop's own resources and boosters, while the site has not renamed them
  "economy.resource.tickets": "tickets",
  "economy.resource.coins": "munten",
  "economy.booster.gem_shuffle.name": "Husselen",
  "economy.booster.gem_shuffle.description": "Hussel het speelveld voor nieuwe rijtjes",
  "economy.booster.gem_hammer.name": "Hamer",
  "economy.booster.gem_hammer.description": "Sla één juweel kapot",
  "economy.booster.pairs_peek.name": "Gluren",
  "economy.booster.pairs_peek.description": "Bekijk alle kaarten heel even",
  "economy.booster.van_fuel.name": "Bijtanken",
  "economy.booster.van_fuel.description": "Brandstof voor vijf zetten extra",

  // match3
  "match3.board.label": "Speelveld",
  "match3.board.keyboard_label":
    "Speelveld, {rows} bij {cols}. Beweeg met de pijltjestoetsen, kies een juweel met Enter en wissel het dan met een pijltjestoets. Escape annuleert.",
  "match3.gem.red": "rood juweel",
  "match3.gem.blue": "blauw juweel",
  "match3.gem.green": "groen juweel",
  "match3.gem.yellow": "geel juweel",
  "match3.gem.purple": "paars juweel",
  "match3.gem.orange": "oranje juweel",
  "match3.gem.named_colour": "juweel in {colour}",
  "match3.tile.blocker": "steenblok",
  "match3.float.points": "+{points}",
  "match3.float.cascade": "Combo ×{cascade}",
  "match3.float.shuffle": "Husselen!",
  "match3.sr.cell_gem": "{gem}, rij {row}, kolom {col}",
  "match3.sr.cell_gem_selected": "{gem}, rij {row}, kolom {col}, geselecteerd",
  "match3.sr.cell_blocker": "steenblok, rij {row}, kolom {col}",
  "match3.sr.cell_empty": "leeg, rij {row}, kolom {col}",
  "match3.sr.selected": "Geselecteerd: {gem}. Druk op een pijltjestoets om te wisselen.",
  "match3.sr.selection_cleared": "Selectie opgeheven",
  "match3.sr.empty_cell": "Leeg vakje",
  "match3.sr.blockers_cant_move": "Stenen kunnen niet bewegen",
  "match3.sr.edge": "Rand van het speelveld",
  "match3.sr.refused.no_match": "Dat geeft geen rij",
  "match3.sr.refused.not_adjacent": "Niet naast elkaar",
  "match3.sr.refused.other": "Daar kun je niet wisselen",
  "match3.sr.swapped": "Gewisseld, {points, plural, one {+# punt} other {+# punten}}",
  "match3.sr.swapped_moves": "Gewisseld, {points, plural, one {+# punt} other {+# punten}}. Nog {moves, plural, one {# zet} other {# zetten}}",
  "match3.sr.swapped_cascade": "Gewisseld, {points, plural, one {+# punt} other {+# punten}}, combo ×{cascade}",
  "match3.sr.swapped_cascade_moves":
    "Gewisseld, {points, plural, one {+# punt} other {+# punten}}, combo ×{cascade}. Nog {moves, plural, one {# zet} other {# zetten}}",
  "match3.sr.swapped_shuffled": "Gewisseld, {points, plural, one {+# punt} other {+# punten}}. Speelveld gehusseld",
  "match3.sr.swapped_shuffled_moves":
    "Gewisseld, {points, plural, one {+# punt} other {+# punten}}. Speelveld gehusseld. Nog {moves, plural, one {# zet} other {# zetten}}",
  "match3.sr.swapped_cascade_shuffled": "Gewisseld, {points, plural, one {+# punt} other {+# punten}}, combo ×{cascade}. Speelveld gehusseld",
  "match3.sr.swapped_cascade_shuffled_moves":
    "Gewisseld, {points, plural, one {+# punt} other {+# punten}}, combo ×{cascade}. Speelveld gehusseld. Nog {moves, plural, one {# zet} other {# zetten}}",

  // memory
  "memory.board.label": "Kaarten",
  "memory.card.face_down": "Kaart {number}, dicht",
  "memory.card.face_up": "Kaart {number}: {face}",
  "memory.card.matched": "Kaart {number}: {face}, gevonden",
  "memory.float.points": "+{points}",
  "memory.face.apple": "appel",
  "memory.face.anchor": "anker",
  "memory.face.bell": "bel",
  "memory.face.bolt": "bliksem",
  "memory.face.cactus": "cactus",
  "memory.face.cherry": "kersen",
  "memory.face.cloud": "wolk",
  "memory.face.crown": "kroon",
  "memory.face.diamond": "diamant",
  "memory.face.drum": "trommel",
  "memory.face.feather": "veer",
  "memory.face.fish": "vis",
  "memory.face.flower": "bloem",
  "memory.face.gift": "cadeautje",
  "memory.face.heart": "hart",
  "memory.face.key": "sleutel",
  "memory.face.kite": "vlieger",
  "memory.face.leaf": "blad",
  "memory.face.moon": "maan",
  "memory.face.mushroom": "paddenstoel",
  "memory.face.planet": "planeet",
  "memory.face.rocket": "raket",
  "memory.face.shell": "schelp",
  "memory.face.star": "ster",

  // parcel
  "parcel.board.label": "Busje op rij {row}, kolom {col}, {count, plural, one {met # pakket} other {met # pakketten}}",
  "parcel.parcel.title": "Pakket {id}",
  "parcel.float.points": "+{points}",
  "parcel.float.fuel": "{amount, plural, one {+# brandstof} other {+# brandstof}}",
  "parcel.dpad.label": "Bestuur het busje",
  "parcel.dpad.up": "Omhoog",
  "parcel.dpad.down": "Omlaag",
  "parcel.dpad.left": "Links",
  "parcel.dpad.right": "Rechts",

  // wheel
  "wheel.title.daily": "Rad van de dag",
  "wheel.title.site": "Prijzenrad",
  "wheel.back": "Terug naar de spellen",
  "wheel.picture": "{count, plural, one {Prijzenrad met # prijs} other {Prijzenrad met # prijzen}}",
  "wheel.loading": "Het rad wordt geladen…",
  "wheel.load_failed": "Het rad laadt niet. Check je verbinding en probeer het opnieuw.",
  "wheel.status.free":
    "{count, plural, =1 {Je hebt vandaag één gratis draai!} one {Je hebt vandaag # gratis draai!} other {Je hebt vandaag # gratis draaien!}}",
  "wheel.status.paid":
    "{cost, plural, one {Je gratis draaien zijn op. Draai opnieuw voor # ticket (je hebt er {balance}).} other {Je gratis draaien zijn op. Draai opnieuw voor # tickets (je hebt er {balance}).}}",
  "wheel.status.done": "Dat was het voor vandaag. Nieuwe draaien vanaf {time}.",
  "wheel.button.spin": "Draaien",
  "wheel.button.spin_free": "Gratis draaien",
  "wheel.button.spin_paid": "{cost, plural, one {Draai voor # ticket} other {Draai voor # tickets}}",
  "wheel.rules.summary": "Regels & eerlijk spel",
  "wheel.rules.organiser":
    "{form, select, address_contact {Organisator: {name}, {address} · {contact}} address {Organisator: {name}, {address}} contact {Organisator: {name} · {contact}} other {Organisator: {name}}}",
  "wheel.rules.fairness":
    "Elke draai ligt al vast voordat je drukt: je volgende draai gebruikt de geheime seed waarvan de vingerafdruk hieronder staat. Na de draai wordt de seed onthuld, zodat iedereen hem kan controleren.",
  "wheel.rules.next_seed": "Vingerafdruk volgende seed",
  "wheel.rules.last_seed": "Seed van de vorige draai",
  "wheel.result.won": "{count, plural, one {Je hebt # × {resource} gewonnen!} other {Je hebt # {resource} gewonnen!}}",
  "wheel.result.nothing": "Deze keer geen prijs",
  "wheel.result.earlier": "Van je vorige draai.",
  "wheel.result.in_balance": "Staat al in je saldo.",
  "wheel.result.better_luck": "Meer geluk bij de volgende draai!",
  "wheel.result.collect": "Ophalen",
  "wheel.result.ok": "Oké",
  "wheel.toast.updated": "Het rad is net bijgewerkt. Hier is het nieuwe!",
  "wheel.toast.spin_failed": "Het rad draaide niet. Probeer het opnieuw.",
  "wheel.error.insufficient_balance": "Te weinig tickets voor nog een draai. Win spellen om meer te verdienen.",
  "wheel.error.spins_exhausted": "Je draaien voor vandaag zijn op. Kom morgen terug!",
  "wheel.error.rate_limited": "Rustig aan! Probeer het zo opnieuw.",
  "wheel.error.forbidden": "Log in op de site om aan het rad te draaien.",
  "wheel.error.closed": "Het rad is nu even dicht.",
  "wheel.error.economy_disabled": "Draaien met tickets kan nu even niet.",

  // reward status (GET /v1/game-runs/{run_id}/reward `label`)
  "reward.status.pending": "Je beloning is onderweg",
  "reward.status.checking": "Je beloning wordt gecontroleerd",
  "reward.status.delayed": "Je beloning komt iets later",
  "reward.status.confirmed": "Je beloning is verstuurd",
  "reward.status.unavailable": "Deze beloning kan niet worden gegeven",
  "reward.status.none": "Geen beloning voor dit spel",

  // what a new wheel starts with (the site's own text from then on)
  "wheel.default.rules": "Eén gratis draai per dag; extra draaien kosten tickets. Prijzen worden meteen bijgeschreven. Is het prijzenbudget van de dag op, dan kan een prijs worden vervangen door ‘Nog eens’.",
  "wheel.default.try_again": "Nog eens",
  "wheel.default.so_close": "Bijna!",
  "wheel.default.tickets": "{count, plural, one {# ticket} other {# tickets}}",
  "wheel.default.coins": "{count, plural, one {# munt} other {# munten}}",
};
