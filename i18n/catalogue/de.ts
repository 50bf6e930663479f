import type { TCatalogue } from "./en";

/*
 * German (de) — the play shell's catalogue. Players are addressed informally ("du").
 *
 * Glossary (English → German):
 *   level                → Level (das Level, die Levels)
 *   run                  → Spiel / Level (to players; "dieses Spiel", "dieses Level")
 *   move(s)              → Zug, Züge
 *   card flip(s)         → aufdecken (Memory: "30× aufdecken", "mal aufdecken", "Kein Aufdecken mehr")
 *   mistake(s)           → Fehler
 *   fuel                 → Sprit
 *   star(s)              → Stern, Sterne
 *   score / points       → Punkte (label), Punkt/Punkte; best score → Rekord; new best → Neuer Rekord!
 *   bonus points         → Bonuspunkte
 *   booster              → Booster
 *   tickets              → Tickets (resource names come from the site as values, untranslated)
 *   coins                → Münzen
 *   balance / wallet     → Guthaben
 *   prize wheel          → Glücksrad
 *   daily wheel          → Tages-Glücksrad
 *   spin (noun / verb)   → Dreh, Drehs / drehen; free spin → Gratis-Dreh
 *   prize                → Preis
 *   reward               → Belohnung
 *   lobby                → Übersicht (rarely said)
 *   goal(s)              → Ziel, Ziele
 *   gem                  → Juwel, Juwelen; stone block (blocker) → Steinblock / Stein
 *   board                → Spielfeld (Feld)
 *   cascade              → Kette
 *   pair(s), card(s)     → Paar, Paare; Karte, Karten
 *   parcel, van          → Paket, Lieferwagen
 *   round (of the track) → Runde
 *   seed, fingerprint    → Seed, Fingerabdruck
 *   Game titles: Gem Match → Gem Match; Memory Pairs → Kartenpaare; Parcel Pilot → Paket-Pilot
 */
export const DE: TCatalogue = {
  // common
  "common.list_separator": " · ",
  "common.sign_in_to_earn": "Melde dich hier an und hol dir Belohnungen für Siege.",
  "common.sound.on": "Ton an",
  "common.sound.off": "Ton aus",
  "common.sound.on_hint": "Ton an: Tippen zum Ausschalten",
  "common.sound.off_hint": "Ton aus: Tippen zum Einschalten",
  "common.wallet_label": "Dein Guthaben",

  // shell
  "shell.loading": "Lädt …",
  "shell.waiting_for_sign_in": "Die Seite meldet dich gerade an …",
  "shell.loading_games": "Spiele werden geladen …",
  "shell.lobby_failed": "Die Spiele laden nicht. Prüf deine Verbindung und versuch’s noch mal.",
  "shell.wheel_closed": "Das Glücksrad ist gerade geschlossen. Schau später wieder vorbei.",
  "shell.run_ended": "Dieses Spiel ist schon vorbei.",
  "shell.start_failed": "Das Spiel konnte nicht starten. Versuch es noch mal.",
  "shell.start_error.rate_limited": "Immer langsam! Versuch’s gleich noch mal.",
  "shell.start_error.level_locked": "Dieses Level ist noch gesperrt.",
  "shell.start_error.game_updated": "Das Spiel wurde gerade aktualisiert. Neue Version lädt …",
  "shell.start_error.game_unavailable": "Dieses Spiel macht gerade kurz Pause.",

  // lobby
  "lobby.eyebrow.play_and_win": "Spiel & Gewinn",
  "lobby.eyebrow.play": "Spielen",
  "lobby.eyebrow.free_play": "Freies Spiel",
  "lobby.title_fallback": "Spiele",
  "lobby.track_complete":
    "{count, plural, =1 {Level geschafft! Spiel weiter für einen neuen Rekord.} one {Alle # Level geschafft! Spiel weiter für einen neuen Rekord.} other {Alle # Levels geschafft! Spiel weiter für einen neuen Rekord.}}",
  "lobby.level_badge": "Level",
  "lobby.goals_label": "Ziele",
  "lobby.play": "Los geht’s",
  "lobby.play_level": "Level {level} spielen",
  "lobby.resume_level": "Weiter: Level {level}",
  "lobby.start_over": "Neu starten",
  "lobby.wheel.daily": "Tages-Glücksrad",
  "lobby.wheel.prize": "Glücksrad",
  "lobby.wheel.spin_for_prizes": "Dreh und gewinne Preise",
  "lobby.wheel.prize_waiting": "Ein Preis wartet auf dich",
  "lobby.wheel.free_spins_ready": "{count, plural, =1 {Dein Gratis-Dreh ist bereit} one {# Gratis-Dreh bereit} other {# Gratis-Drehs bereit}}",
  "lobby.wheel.spin_for_tickets": "Dreh für {count, plural, one {# Ticket} other {# Tickets}}",
  "lobby.wheel.back_tomorrow": "Morgen gibt’s neue Drehs",
  "lobby.wheel.cta_spin": "Drehen",
  "lobby.wheel.cta_reveal": "Aufdecken",
  "lobby.wheel.cta_look": "Ansehen",
  "lobby.progress.title": "Dein Fortschritt",
  "lobby.progress.levels": "{done} / {total, plural, one {# Level} other {# Levels}}",
  "lobby.progress.bar_label": "Geschaffte Levels",
  "lobby.progress.round": "Runde {round}",
  "lobby.levels.label": "Levels",
  "lobby.levels.level": "Level {level}",
  "lobby.levels.level_stars": "Level {level}: {stars} von 3 Sternen",
  "lobby.last_result": "Letztes Spiel: Level {level} · {status}",
  "lobby.last_result_reward": "Letztes Spiel: Level {level} · {status} · {reward}",
  "lobby.status.won": "Gewonnen",
  "lobby.status.lost": "Nicht geschafft",
  "lobby.status.abandoned": "Abgebrochen",
  "lobby.reward.pending": "Belohnung unterwegs",
  "lobby.reward.delayed": "Belohnung verzögert",
  "lobby.reward.checking": "Belohnung wird geprüft",
  "lobby.reward.confirmed": "Belohnung verschickt",
  "lobby.reward.unavailable": "Belohnung entfällt",
  "lobby.try_again": "Erneut versuchen",

  // goals
  "goals.score": "Erreiche {count, plural, one {# Punkt} other {# Punkte}}",
  "goals.collect.red": "Sammle {count, plural, one {# rotes Juwel} other {# rote Juwelen}}",
  "goals.collect.blue": "Sammle {count, plural, one {# blaues Juwel} other {# blaue Juwelen}}",
  "goals.collect.green": "Sammle {count, plural, one {# grünes Juwel} other {# grüne Juwelen}}",
  "goals.collect.yellow": "Sammle {count, plural, one {# gelbes Juwel} other {# gelbe Juwelen}}",
  "goals.collect.purple": "Sammle {count, plural, one {# lila Juwel} other {# lila Juwelen}}",
  "goals.collect.orange": "Sammle {count, plural, one {# oranges Juwel} other {# orange Juwelen}}",
  "goals.collect.named_colour": "Sammle {count, plural, one {# Juwel in {colour}} other {# Juwelen in {colour}}}",
  "goals.collect.any": "Sammle {count, plural, one {# Juwel} other {# Juwelen}}",
  "goals.clear_blockers": "Zerbrich {count, plural, one {# Stein} other {# Steine}}",
  "goals.pairs": "Finde {count, plural, one {# Paar} other {# Paare}}",
  "goals.deliveries": "Liefere {count, plural, one {# Paket} other {# Pakete}} aus",
  "goals.other": "{goal}: {count}",
  "goals.limit.moves": "{count, plural, one {# Zug} other {# Züge}}",
  "goals.limit.fuel": "{count, plural, one {# Sprit} other {# Sprit}}",
  "goals.limit.flips": "{count, plural, one {#× aufdecken} other {#× aufdecken}}",
  "goals.limit.mistakes": "{count, plural, one {# Fehler erlaubt} other {# Fehler erlaubt}}",
  "goals.limit.board": "{rows}×{columns}-Spielfeld",
  "goals.limit.cards": "{count, plural, one {# Karte} other {# Karten}}",
  "goals.unavailable.mechanic_unavailable": "Das Spiel macht gerade kurz Pause. Schau bald wieder vorbei.",
  "goals.unavailable.mode_not_allowed": "Spiele sind gerade nicht verfügbar.",
  "goals.unavailable.level_locked": "Das nächste Level ist noch gesperrt.",

  // howto
  "howto.close": "Los geht’s!",
  "howto.match3.title": "So spielst du Gem Match",
  "howto.match3.swap": "Tausche zwei benachbarte Juwelen: drei oder mehr einer Farbe in eine Reihe!",
  "howto.match3.clear": "Reihen geben Punkte. Neue Juwelen fallen nach und können Ketten bilden.",
  "howto.match3.goals": "Erfülle die Ziele oben, bevor deine Züge ausgehen. Übrige Züge werden zu Bonuspunkten und Sternen.",
  "howto.memory.title": "So spielst du Kartenpaare",
  "howto.memory.flip": "Tippe auf eine Karte, um sie aufzudecken, dann auf eine zweite.",
  "howto.memory.pair": "Zwei gleiche Karten bleiben offen – ein Paar! Paare in Serie bringen mehr.",
  "howto.memory.miss":
    "Daneben? Beide drehen sich wieder um – merk dir, wo sie liegen. Fehler und Aufdecken sind begrenzt; was du sparst, gibt Bonuspunkte.",
  "howto.parcel.title": "So spielst du Paket-Pilot",
  "howto.parcel.drive": "Fahr den Lieferwagen per Pfeil, Pfeiltaste oder Wischen über die Straßen. Gebäude versperren den Weg.",
  "howto.parcel.pick_up": "Fahr auf ein Paket, um es einzuladen. Die Farbe der Schleife zeigt, wohin es muss.",
  "howto.parcel.deliver": "Bring es zum Haus mit der gleichfarbigen Tür. Jeder Schritt kostet Sprit; übriger Sprit gibt Bonuspunkte.",

  // hud
  "hud.back": "Zurück zur Übersicht",
  "hud.level": "Level {level}",
  "hud.score": "Punkte",
  "hud.goals_label": "Ziele",
  "hud.goal_progress": "{goal}: {progress} von {target}",
  "hud.counter.moves": "{count, plural, one {Zug} other {Züge}}",
  "hud.counter.fuel": "{count, plural, one {Sprit} other {Sprit}}",
  "hud.counter.mistakes": "{count, plural, one {Fehler übrig} other {Fehler übrig}}",
  "hud.counter.flips": "{count, plural, one {mal aufdecken} other {mal aufdecken}}",

  // game
  "game.aim.prompt": "Feld antippen zum Zerschlagen",
  "game.aim.cancel": "Abbrechen",
  "game.toast.retry": "Noch mal",
  "game.toast.connection_problem": "Verbindungsproblem.",
  "game.toast.move_safe": "Verbindungsproblem. Dein Zug ist gesichert.",
  "game.toast.slow_down": "Etwas langsamer …",
  "game.toast.booster_unusable": "Der Booster ist hier nicht mehr nutzbar.",
  "game.toast.ended": "Dieses Spiel ist beendet.",

  // games
  "launcher.games": "Spiele",
  "launcher.open": "Spiele öffnen",
  "launcher.close": "Spiele schließen",
  "games.match3_v1.title": "Gem Match",
  "games.memory_v1.title": "Kartenpaare",
  "games.parcel_pilot_v1.title": "Paket-Pilot",

  // refusal
  "refusal.out_of_bounds": "Das ist außerhalb des Felds",
  "refusal.run_finished": "Dieses Level ist vorbei",
  "refusal.impossible": "Dieser Zug geht nicht",
  "refusal.fallback": "So geht’s nicht",
  "refusal.match3.no_match": "Da entsteht keine Reihe",
  "refusal.match3.not_adjacent": "Tausche benachbarte Juwelen",
  "refusal.match3.blocked": "Steinblöcke bewegen sich nicht",
  "refusal.memory.already_open": "Die Karte ist schon offen",
  "refusal.parcel.blocked": "Da steht ein Gebäude im Weg",
  "refusal.parcel.out_of_bounds": "Hier endet die Straße",

  // result
  "result.title.won": "Level {level} geschafft!",
  "result.loss.out_of_moves": "Keine Züge mehr",
  "result.loss.out_of_fuel": "Kein Sprit mehr",
  "result.loss.too_many_mistakes": "Zu viele Fehler",
  "result.loss.out_of_flips": "Kein Aufdecken mehr",
  "result.loss.expired": "Zeit abgelaufen",
  "result.loss.fallback": "Knapp daneben!",
  "result.stars.label": "{stars} von {total} Sternen",
  "result.bonus.match3": "Bonus für übrige Züge: +{bonus}",
  "result.bonus.memory": "Bonus für gesparte Fehler und Aufdecken: +{bonus}",
  "result.bonus.parcel": "Bonus für übrigen Sprit: +{bonus}",
  "result.bonus.other": "Bonus für übrige Reserven: +{bonus}",
  "result.score": "Punkte",
  "result.badge.new_best": "Neuer Rekord!",
  "result.badge.first_clear": "Erster Sieg",
  "result.stat.best": "Rekord",
  "result.stat.levels": "Levels",
  "result.stat.levels_value": "{done}/{total}",
  "result.stat.round": "Runde",
  "result.track_complete": "Geschafft! Du hast alle Levels gemeistert.",
  "result.next_up": "Als Nächstes: Level {level}",
  "result.button.play_level": "Level {level} spielen",
  "result.button.continue": "Weiter",
  "result.button.try_again": "Noch mal versuchen",
  "result.button.lobby": "Übersicht",
  "result.reward.pending": "Deine Belohnung ist unterwegs.",
  "result.reward.checking": "Deine Belohnung wird geprüft.",
  "result.reward.confirmed": "Deine Belohnung wurde verschickt.",

  // booster
  "booster.tray.label": "Booster",
  "booster.label.owned": "{name}: Du hast {count}. Tippen zum Einsetzen.",
  "booster.label.confirm": "{name} für {price} {resource} kaufen? Tippe noch mal zum Kaufen.",
  "booster.label.for_sale": "{name}: {description} Kostet {price} {resource}.",
  "booster.badge.owned": "×{count}",
  "booster.badge.confirm": "Kaufen?",
  "booster.toast.busy": "Moment – das Spielfeld bewegt sich noch.",
  "booster.toast.need": "Du brauchst {price} {resource} für {name}.",
  "booster.error.insufficient_balance": "Dafür reicht’s noch nicht. Gewinne Spiele oder dreh am Glücksrad für mehr.",
  "booster.error.economy_disabled": "Der Shop ist gerade geschlossen.",
  "booster.error.rate_limited": "Immer langsam! Versuch’s gleich noch mal.",
  "booster.error.not_found": "Diesen Booster gibt’s nicht mehr.",
  "booster.error.fallback": "Der Kauf hat nicht geklappt. Versuch es noch mal.",

  // economy: Playloop's own resources and boosters, while the site has not renamed them
  "economy.resource.tickets": "Tickets",
  "economy.resource.coins": "Münzen",
  "economy.booster.gem_shuffle.name": "Mischen",
  "economy.booster.gem_shuffle.description": "Mischt das Spielfeld für neue Reihen",
  "economy.booster.gem_hammer.name": "Hammer",
  "economy.booster.gem_hammer.description": "Zerschlägt ein Juwel",
  "economy.booster.pairs_peek.name": "Spicken",
  "economy.booster.pairs_peek.description": "Zeigt kurz alle Karten",
  "economy.booster.van_fuel.name": "Extra-Sprit",
  "economy.booster.van_fuel.description": "Fünf Züge mehr im Tank",

  // match3
  "match3.board.label": "Spielfeld",
  "match3.board.keyboard_label":
    "Spielfeld, {rows} mal {cols}. Pfeiltasten bewegen, Enter wählt ein Juwel, dann tauscht eine Pfeiltaste es. Escape bricht ab.",
  "match3.gem.red": "rotes Juwel",
  "match3.gem.blue": "blaues Juwel",
  "match3.gem.green": "grünes Juwel",
  "match3.gem.yellow": "gelbes Juwel",
  "match3.gem.purple": "lila Juwel",
  "match3.gem.orange": "oranges Juwel",
  "match3.gem.named_colour": "Juwel in {colour}",
  "match3.tile.blocker": "Steinblock",
  "match3.float.points": "+{points}",
  "match3.float.cascade": "Kette ×{cascade}",
  "match3.float.shuffle": "Neu gemischt!",
  "match3.sr.cell_gem": "{gem}, Zeile {row}, Spalte {col}",
  "match3.sr.cell_gem_selected": "{gem}, Zeile {row}, Spalte {col}, ausgewählt",
  "match3.sr.cell_blocker": "Steinblock, Zeile {row}, Spalte {col}",
  "match3.sr.cell_empty": "leer, Zeile {row}, Spalte {col}",
  "match3.sr.selected": "Ausgewählt: {gem}. Drück eine Pfeiltaste zum Tauschen.",
  "match3.sr.selection_cleared": "Auswahl aufgehoben",
  "match3.sr.empty_cell": "Leeres Feld",
  "match3.sr.blockers_cant_move": "Steinblöcke bewegen sich nicht",
  "match3.sr.edge": "Rand des Spielfelds",
  "match3.sr.refused.no_match": "Da entsteht keine Reihe",
  "match3.sr.refused.not_adjacent": "Nicht benachbart",
  "match3.sr.refused.other": "Hier kein Tausch möglich",
  "match3.sr.swapped": "Getauscht, {points, plural, one {+# Punkt} other {+# Punkte}}",
  "match3.sr.swapped_moves": "Getauscht, {points, plural, one {+# Punkt} other {+# Punkte}}. Noch {moves, plural, one {# Zug} other {# Züge}}",
  "match3.sr.swapped_cascade": "Getauscht, {points, plural, one {+# Punkt} other {+# Punkte}}, Kette ×{cascade}",
  "match3.sr.swapped_cascade_moves":
    "Getauscht, {points, plural, one {+# Punkt} other {+# Punkte}}, Kette ×{cascade}. Noch {moves, plural, one {# Zug} other {# Züge}}",
  "match3.sr.swapped_shuffled": "Getauscht, {points, plural, one {+# Punkt} other {+# Punkte}}. Feld neu gemischt",
  "match3.sr.swapped_shuffled_moves":
    "Getauscht, {points, plural, one {+# Punkt} other {+# Punkte}}. Feld neu gemischt. Noch {moves, plural, one {# Zug} other {# Züge}}",
  "match3.sr.swapped_cascade_shuffled": "Getauscht, {points, plural, one {+# Punkt} other {+# Punkte}}, Kette ×{cascade}. Feld neu gemischt",
  "match3.sr.swapped_cascade_shuffled_moves":
    "Getauscht, {points, plural, one {+# Punkt} other {+# Punkte}}, Kette ×{cascade}. Feld neu gemischt. Noch {moves, plural, one {# Zug} other {# Züge}}",

  // memory
  "memory.board.label": "Karten",
  "memory.card.face_down": "Karte {number}, verdeckt",
  "memory.card.face_up": "Karte {number}: {face}",
  "memory.card.matched": "Karte {number}: {face}, gefunden",
  "memory.float.points": "+{points}",
  "memory.face.apple": "Apfel",
  "memory.face.anchor": "Anker",
  "memory.face.bell": "Glocke",
  "memory.face.bolt": "Blitz",
  "memory.face.cactus": "Kaktus",
  "memory.face.cherry": "Kirschen",
  "memory.face.cloud": "Wolke",
  "memory.face.crown": "Krone",
  "memory.face.diamond": "Diamant",
  "memory.face.drum": "Trommel",
  "memory.face.feather": "Feder",
  "memory.face.fish": "Fisch",
  "memory.face.flower": "Blume",
  "memory.face.gift": "Geschenk",
  "memory.face.heart": "Herz",
  "memory.face.key": "Schlüssel",
  "memory.face.kite": "Drachen",
  "memory.face.leaf": "Blatt",
  "memory.face.moon": "Mond",
  "memory.face.mushroom": "Pilz",
  "memory.face.planet": "Planet",
  "memory.face.rocket": "Rakete",
  "memory.face.shell": "Muschel",
  "memory.face.star": "Stern",

  // parcel
  "parcel.board.label": "Lieferwagen in Zeile {row}, Spalte {col}, {count, plural, one {# Paket geladen} other {# Pakete geladen}}",
  "parcel.parcel.title": "Paket {id}",
  "parcel.float.points": "+{points}",
  "parcel.float.fuel": "{amount, plural, one {+# Sprit} other {+# Sprit}}",
  "parcel.dpad.label": "Lieferwagen steuern",
  "parcel.dpad.up": "Nach oben",
  "parcel.dpad.down": "Nach unten",
  "parcel.dpad.left": "Nach links",
  "parcel.dpad.right": "Nach rechts",

  // wheel
  "wheel.title.daily": "Tages-Glücksrad",
  "wheel.title.site": "Glücksrad",
  "wheel.back": "Zurück zu den Spielen",
  "wheel.picture": "{count, plural, one {Glücksrad mit # Preis} other {Glücksrad mit # Preisen}}",
  "wheel.loading": "Glücksrad wird geladen …",
  "wheel.load_failed": "Das Glücksrad lädt nicht. Prüf deine Verbindung und versuch’s noch mal.",
  "wheel.status.free": "{count, plural, =1 {Du hast heute einen Gratis-Dreh!} one {Du hast heute # Gratis-Dreh!} other {Du hast heute # Gratis-Drehs!}}",
  "wheel.status.paid":
    "{cost, plural, one {Gratis-Drehs verbraucht. Dreh noch mal für # Ticket (du hast {balance}).} other {Gratis-Drehs verbraucht. Dreh noch mal für # Tickets (du hast {balance}).}}",
  "wheel.status.done": "Das war’s für heute. Neue Drehs ab {time}.",
  "wheel.button.spin": "Drehen",
  "wheel.button.spin_free": "Gratis drehen",
  "wheel.button.spin_paid": "{cost, plural, one {Drehen für # Ticket} other {Drehen für # Tickets}}",
  "wheel.rules.summary": "Regeln & Fairness",
  "wheel.rules.organiser":
    "{form, select, address_contact {Veranstalter: {name}, {address} · {contact}} address {Veranstalter: {name}, {address}} contact {Veranstalter: {name} · {contact}} other {Veranstalter: {name}}}",
  "wheel.rules.fairness":
    "Jeder Dreh steht fest, bevor du drückst: Dein nächster Dreh verwendet den geheimen Seed, dessen Fingerabdruck unten steht. Nach dem Dreh wird der Seed offengelegt, damit jeder ihn prüfen kann.",
  "wheel.rules.next_seed": "Nächster Seed (Fingerabdruck)",
  "wheel.rules.last_seed": "Seed des letzten Drehs",
  "wheel.result.won": "{count, plural, one {Du hast # × {resource} gewonnen!} other {Du hast # {resource} gewonnen!}}",
  "wheel.result.nothing": "Diesmal kein Preis",
  "wheel.result.earlier": "Von deinem letzten Dreh.",
  "wheel.result.in_balance": "Ist schon in deinem Guthaben.",
  "wheel.result.better_luck": "Viel Glück beim nächsten Dreh!",
  "wheel.result.collect": "Abholen",
  "wheel.result.ok": "OK",
  "wheel.toast.updated": "Das Glücksrad wurde gerade aktualisiert. Hier ist das neue!",
  "wheel.toast.spin_failed": "Das Rad hat sich nicht gedreht. Versuch es noch mal.",
  "wheel.error.insufficient_balance": "Dir fehlen Tickets für noch einen Dreh. Gewinne Spiele für Nachschub.",
  "wheel.error.spins_exhausted": "Das war’s mit den Drehs für heute. Komm morgen wieder!",
  "wheel.error.rate_limited": "Immer langsam! Versuch’s gleich noch mal.",
  "wheel.error.forbidden": "Melde dich auf der Seite an, um zu drehen.",
  "wheel.error.closed": "Das Glücksrad ist gerade geschlossen.",
  "wheel.error.economy_disabled": "Drehs mit Tickets sind gerade pausiert.",

  // reward status (GET /v1/game-runs/{run_id}/reward `label`)
  "reward.status.pending": "Deine Belohnung ist unterwegs",
  "reward.status.checking": "Deine Belohnung wird geprüft",
  "reward.status.delayed": "Deine Belohnung kommt etwas später",
  "reward.status.confirmed": "Deine Belohnung wurde verschickt",
  "reward.status.unavailable": "Diese Belohnung kann leider nicht vergeben werden",
  "reward.status.none": "Für dieses Spiel gibt es keine Belohnung",

  // what a new wheel starts with (the site's own text from then on)
  "wheel.default.rules": "Ein Gratis-Dreh pro Tag, weitere Drehs kosten Tickets. Gewinne werden sofort gutgeschrieben. Ist das Tagesbudget für Preise aufgebraucht, kann ein Gewinn durch „Nochmal!“ ersetzt werden.",
  "wheel.default.try_again": "Nochmal!",
  "wheel.default.so_close": "Knapp daneben",
  "wheel.default.tickets": "{count, plural, one {# Ticket} other {# Tickets}}",
  "wheel.default.coins": "{count, plural, one {# Münze} other {# Münzen}}",
};
