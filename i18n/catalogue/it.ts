import type { TCatalogue } from "./en";

/*
 * Italian (it) — the play shell's catalogue. Players are addressed informally ("tu"), as Italian
 * casual games and shop apps do. Plurals give one / many / other: `many` is the millions form
 * ("# di punti" for 1.000.000), other the rest (0, 2, 3…). Apostrophes are written ’.
 *
 * Glossary (English → Italian):
 *   level                → livello, livelli
 *   run                  → partita ("Ultima partita", "Questa partita è finita")
 *   track (all levels)   → tutti i livelli (not named as such)
 *   round (of the track) → Round (invariable; "giro" is kept for the wheel)
 *   move(s)              → mossa, mosse
 *   card flip(s)         → girata, girate (verb: girare una carta); face up / down → scoperta / coperta
 *   mistake(s)           → errore, errori
 *   fuel                 → benzina (limit: "Benzina: #"; float: "+# benzina")
 *   star(s)              → stella, stelle
 *   score / points       → Punti (game header), Punteggio (result card); punto, punti
 *   best score / new best → Record / Nuovo record!
 *   bonus points         → punti bonus
 *   booster              → booster (masc., invariable)
 *   tickets              → biglietto, biglietti (resource names come from the site as values, untranslated)
 *   coins                → monete
 *   balance / wallet     → saldo ("Il tuo saldo")
 *   prize wheel          → Ruota dei premi; the wheel → la ruota
 *   daily wheel          → Ruota del giorno
 *   spin (noun / verb)   → giro, giri / girare ("Gira"); free spin → giro gratis
 *   prize                → premio, premi
 *   reward               → ricompensa, ricompense
 *   lobby                → menu ("Torna al menu", button "Menu")
 *   goal(s)              → obiettivo, obiettivi
 *   gem                  → gemma, gemme (feminine); stone block / blocker → pietra, pietre
 *   board                → griglia (di gioco); cell / tile → casella
 *   match (a line of 3+) → combinazione; cascade → catena; shuffle → rimescolare
 *   pair(s), card(s)     → coppia, coppie; carta, carte
 *   parcel, van, ribbon  → pacco, furgone, nastro
 *   sign in              → accedere ("Accedi al sito"); tap → toccare ("Tocca")
 *   seed, fingerprint    → seed, impronta
 *   Game titles: Gem Match → Gem Match (kept as a brand, as in German);
 *                Memory Pairs → Trova le coppie; Parcel Pilot → Corriere Lampo
 */
export const IT: TCatalogue = {
  // common
  "common.list_separator": " · ",
  "common.sign_in_to_earn": "Accedi al sito per ricevere ricompense quando vinci.",
  "common.sound.on": "Audio attivo",
  "common.sound.off": "Audio spento",
  "common.sound.on_hint": "Audio attivo: tocca per spegnere",
  "common.sound.off_hint": "Audio spento: tocca per attivare",
  "common.wallet_label": "Il tuo saldo",

  // shell
  "shell.loading": "Caricamento…",
  "shell.waiting_for_sign_in": "In attesa dell’accesso dal sito…",
  "shell.loading_games": "Caricamento dei giochi…",
  "shell.lobby_failed": "I giochi non si caricano. Controlla la connessione e riprova.",
  "shell.wheel_closed": "La ruota dei premi ora è chiusa. Ripassa più tardi!",
  "shell.run_ended": "Questa partita è già finita.",
  "shell.start_failed": "Non siamo riusciti ad avviare la partita. Riprova.",
  "shell.start_error.rate_limited": "Ehi, piano! Riprova tra un attimo.",
  "shell.start_error.level_locked": "Questo livello è ancora bloccato.",
  "shell.start_error.game_updated": "Gioco appena aggiornato. Carico la nuova versione…",
  "shell.start_error.game_unavailable": "Questo gioco fa una breve pausa.",

  // lobby
  "lobby.eyebrow.play_and_win": "Gioca e vinci",
  "lobby.eyebrow.play": "Gioca",
  "lobby.eyebrow.free_play": "Gioco libero",
  "lobby.title_fallback": "Giochi",
  "lobby.track_complete":
    "{count, plural, =1 {Livello completato! Ora batti il tuo record.} one {# livello completato! Ora batti il tuo record.} many {Tutti i # di livelli completati! Ora batti il tuo record.} other {Tutti i # livelli completati! Ora batti il tuo record.}}",
  "lobby.level_badge": "Livello",
  "lobby.goals_label": "Obiettivi",
  "lobby.play": "Gioca",
  "lobby.play_level": "Gioca livello {level}",
  "lobby.resume_level": "Riprendi livello {level}",
  "lobby.start_over": "Ricomincia",
  "lobby.wheel.daily": "Ruota del giorno",
  "lobby.wheel.prize": "Ruota dei premi",
  "lobby.wheel.spin_for_prizes": "Gira e vinci premi",
  "lobby.wheel.prize_waiting": "Un premio ti aspetta",
  "lobby.wheel.free_spins_ready":
    "{count, plural, =1 {Il tuo giro gratis è pronto} one {# giro gratis pronto} many {# di giri gratis pronti} other {# giri gratis pronti}}",
  "lobby.wheel.spin_for_tickets": "Gira con {count, plural, one {# biglietto} many {# di biglietti} other {# biglietti}}",
  "lobby.wheel.back_tomorrow": "Torna domani per nuovi giri",
  "lobby.wheel.cta_spin": "Gira",
  "lobby.wheel.cta_reveal": "Scopri",
  "lobby.wheel.cta_look": "Guarda",
  "lobby.progress.title": "I tuoi progressi",
  "lobby.progress.levels": "{done} / {total, plural, one {# livello} many {# di livelli} other {# livelli}}",
  "lobby.progress.bar_label": "Livelli completati",
  "lobby.progress.round": "Round {round}",
  "lobby.levels.label": "Livelli",
  "lobby.levels.level": "Livello {level}",
  "lobby.levels.level_stars": "Livello {level}, stelle: {stars} su tre",
  "lobby.last_result": "Ultima partita: livello {level} · {status}",
  "lobby.last_result_reward": "Ultima partita: livello {level} · {status} · {reward}",
  "lobby.status.won": "Vinta",
  "lobby.status.lost": "Non stavolta",
  "lobby.status.abandoned": "Interrotta",
  "lobby.reward.pending": "ricompensa in arrivo",
  "lobby.reward.delayed": "ricompensa in ritardo",
  "lobby.reward.checking": "ricompensa in verifica",
  "lobby.reward.confirmed": "ricompensa inviata",
  "lobby.reward.unavailable": "nessuna ricompensa",
  "lobby.try_again": "Riprova",

  // goals
  "goals.score": "Raggiungi {count, plural, one {# punto} many {# di punti} other {# punti}}",
  "goals.collect.red": "Raccogli {count, plural, one {# gemma rossa} many {# di gemme rosse} other {# gemme rosse}}",
  "goals.collect.blue": "Raccogli {count, plural, one {# gemma blu} many {# di gemme blu} other {# gemme blu}}",
  "goals.collect.green": "Raccogli {count, plural, one {# gemma verde} many {# di gemme verdi} other {# gemme verdi}}",
  "goals.collect.yellow": "Raccogli {count, plural, one {# gemma gialla} many {# di gemme gialle} other {# gemme gialle}}",
  "goals.collect.purple": "Raccogli {count, plural, one {# gemma viola} many {# di gemme viola} other {# gemme viola}}",
  "goals.collect.orange": "Raccogli {count, plural, one {# gemma arancione} many {# di gemme arancioni} other {# gemme arancioni}}",
  "goals.collect.named_colour": "Raccogli {count, plural, one {# gemma {colour}} many {# di gemme {colour}} other {# gemme {colour}}}",
  "goals.collect.any": "Raccogli {count, plural, one {# gemma} many {# di gemme} other {# gemme}}",
  "goals.clear_blockers": "Rompi {count, plural, one {# pietra} many {# di pietre} other {# pietre}}",
  "goals.pairs": "Trova {count, plural, one {# coppia} many {# di coppie} other {# coppie}}",
  "goals.deliveries": "Consegna {count, plural, one {# pacco} many {# di pacchi} other {# pacchi}}",
  "goals.other": "{goal}: {count}",
  "goals.limit.moves": "{count, plural, one {# mossa} many {# di mosse} other {# mosse}}",
  "goals.limit.fuel": "{count, plural, one {Benzina: #} many {Benzina: #} other {Benzina: #}}",
  "goals.limit.flips": "{count, plural, one {# girata} many {# di girate} other {# girate}}",
  "goals.limit.mistakes": "{count, plural, one {# errore concesso} many {# di errori concessi} other {# errori concessi}}",
  "goals.limit.board": "Griglia {rows}×{columns}",
  "goals.limit.cards": "{count, plural, one {# carta} many {# di carte} other {# carte}}",
  "goals.unavailable.mechanic_unavailable": "Questo gioco fa una breve pausa. Ripassa presto!",
  "goals.unavailable.mode_not_allowed": "Ora i giochi non sono disponibili.",
  "goals.unavailable.level_locked": "Il prossimo livello è ancora bloccato.",

  // howto
  "howto.close": "Ok, giochiamo!",
  "howto.match3.title": "Come si gioca a Gem Match",
  "howto.match3.swap": "Scambia due gemme vicine e allineane tre o più dello stesso colore.",
  "howto.match3.clear": "Le file spariscono e fanno punti; cadono nuove gemme e si creano catene.",
  "howto.match3.goals": "Raggiungi gli obiettivi in alto prima di finire le mosse. Le mosse avanzate diventano punti bonus e stelle.",
  "howto.memory.title": "Come si gioca a Trova le coppie",
  "howto.memory.flip": "Tocca una carta per girarla, poi toccane un’altra.",
  "howto.memory.pair": "Due carte uguali restano scoperte: coppia! Coppie di fila valgono di più.",
  "howto.memory.miss":
    "Se sbagli, tornano coperte: ricorda dove sono! Errori e girate sono limitati; ciò che risparmi diventa punti bonus.",
  "howto.parcel.title": "Come si gioca a Corriere Lampo",
  "howto.parcel.drive": "Guida il furgone per le strade con frecce, tasti freccia o swipe. Gli edifici sbarrano la via.",
  "howto.parcel.pick_up": "Passa sopra un pacco per caricarlo. Il colore del nastro dice dove va.",
  "howto.parcel.deliver": "Portalo alla casa con la porta del suo colore. Ogni passo consuma benzina; quella che avanza vale punti bonus.",

  // hud
  "hud.back": "Torna al menu",
  "hud.level": "Livello {level}",
  "hud.score": "Punti",
  "hud.goals_label": "Obiettivi",
  "hud.goal_progress": "{goal}: {progress} su {target}",
  "hud.counter.moves": "{count, plural, one {mossa} many {mosse} other {mosse}}",
  "hud.counter.fuel": "{count, plural, one {benzina} many {benzina} other {benzina}}",
  "hud.counter.mistakes": "{count, plural, one {errore rimasto} many {errori rimasti} other {errori rimasti}}",
  "hud.counter.flips": "{count, plural, one {girata rimasta} many {girate rimaste} other {girate rimaste}}",

  // game
  "game.aim.prompt": "Tocca la casella da colpire",
  "game.aim.cancel": "Annulla",
  "game.toast.retry": "Riprova",
  "game.toast.connection_problem": "Problema di connessione.",
  "game.toast.move_safe": "Problema di connessione. La tua mossa è salva.",
  "game.toast.slow_down": "Un po’ più piano…",
  "game.toast.booster_unusable": "Questo booster non si può più usare qui.",
  "game.toast.ended": "Questa partita è finita.",

  // games
  "launcher.games": "Giochi",
  "launcher.open": "Apri i giochi",
  "launcher.close": "Chiudi i giochi",
  "games.match3_v1.title": "Gem Match",
  "games.memory_v1.title": "Trova le coppie",
  "games.parcel_pilot_v1.title": "Corriere Lampo",

  // refusal
  "refusal.out_of_bounds": "Fuori dalla griglia",
  "refusal.run_finished": "Questo livello è finito",
  "refusal.impossible": "Questa mossa non si può fare",
  "refusal.fallback": "Così non si può",
  "refusal.match3.no_match": "Nessuna combinazione qui",
  "refusal.match3.not_adjacent": "Scambia gemme vicine",
  "refusal.match3.blocked": "Le pietre non si spostano",
  "refusal.memory.already_open": "Questa carta è già scoperta",
  "refusal.parcel.blocked": "C’è un edificio in mezzo",
  "refusal.parcel.out_of_bounds": "Qui la strada finisce",

  // result
  "result.title.won": "Livello {level} completato!",
  "result.loss.out_of_moves": "Mosse finite",
  "result.loss.out_of_fuel": "Benzina finita",
  "result.loss.too_many_mistakes": "Troppi errori",
  "result.loss.out_of_flips": "Girate finite",
  "result.loss.expired": "Tempo scaduto",
  "result.loss.fallback": "C’è mancato poco!",
  "result.stars.label": "Stelle: {stars} su {total}",
  "result.bonus.match3": "Bonus mosse avanzate: +{bonus}",
  "result.bonus.memory": "Bonus errori e girate risparmiati: +{bonus}",
  "result.bonus.parcel": "Bonus benzina avanzata: +{bonus}",
  "result.bonus.other": "Bonus risorse avanzate: +{bonus}",
  "result.score": "Punteggio",
  "result.badge.new_best": "Nuovo record!",
  "result.badge.first_clear": "Prima vittoria",
  "result.stat.best": "Record",
  "result.stat.levels": "Livelli",
  "result.stat.levels_value": "{done}/{total}",
  "result.stat.round": "Round",
  "result.track_complete": "Ce l’hai fatta! Tutti i livelli superati.",
  "result.next_up": "Prossimo: livello {level}",
  "result.button.play_level": "Gioca livello {level}",
  "result.button.continue": "Continua",
  "result.button.try_again": "Riprova",
  "result.button.lobby": "Menu",
  "result.reward.pending": "La tua ricompensa è in arrivo.",
  "result.reward.checking": "Stiamo verificando la tua ricompensa.",
  "result.reward.confirmed": "La tua ricompensa è stata inviata.",

  // booster
  "booster.tray.label": "Booster",
  "booster.label.owned": "{name}: ne hai {count}. Tocca per usarne uno.",
  "booster.label.confirm": "Vuoi comprare {name} per {price} {resource}? Tocca di nuovo per confermare.",
  "booster.label.for_sale": "{name}: {description} Costa {price} {resource}.",
  "booster.badge.owned": "×{count}",
  "booster.badge.confirm": "Compri?",
  "booster.toast.busy": "Un attimo, la griglia si muove ancora.",
  "booster.toast.need": "Ti servono {price} {resource} per {name}.",
  "booster.error.insufficient_balance": "Non ti basta ancora. Vinci partite o gira la ruota per guadagnare di più.",
  "booster.error.economy_disabled": "Il negozio al momento è chiuso.",
  "booster.error.rate_limited": "Ehi, piano! Riprova tra un attimo.",
  "booster.error.not_found": "Questo booster non è più in vendita.",
  "booster.error.fallback": "Non siamo riusciti a completare l’acquisto. Riprova.",

  // economy: Playloop's own resources and boosters, while the site has not renamed them
  "economy.resource.tickets": "biglietti",
  "economy.resource.coins": "monete",
  "economy.booster.gem_shuffle.name": "Rimescola",
  "economy.booster.gem_shuffle.description": "Rimescola la griglia per nuove combinazioni",
  "economy.booster.gem_hammer.name": "Martello",
  "economy.booster.gem_hammer.description": "Distruggi una gemma",
  "economy.booster.pairs_peek.name": "Sbirciata",
  "economy.booster.pairs_peek.description": "Guarda tutte le carte per un attimo",
  "economy.booster.van_fuel.name": "Più benzina",
  "economy.booster.van_fuel.description": "Benzina per cinque mosse in più",

  // match3
  "match3.board.label": "Griglia di gioco",
  "match3.board.keyboard_label":
    "Griglia di gioco, {rows} righe per {cols} colonne. Le frecce spostano, Invio seleziona una gemma, poi una freccia la scambia. Esc annulla.",
  "match3.gem.red": "gemma rossa",
  "match3.gem.blue": "gemma blu",
  "match3.gem.green": "gemma verde",
  "match3.gem.yellow": "gemma gialla",
  "match3.gem.purple": "gemma viola",
  "match3.gem.orange": "gemma arancione",
  "match3.gem.named_colour": "gemma {colour}",
  "match3.tile.blocker": "pietra",
  "match3.float.points": "+{points}",
  "match3.float.cascade": "Catena ×{cascade}",
  "match3.float.shuffle": "Si rimescola!",
  "match3.sr.cell_gem": "{gem}, riga {row}, colonna {col}",
  "match3.sr.cell_gem_selected": "{gem}, riga {row}, colonna {col}, selezionata",
  "match3.sr.cell_blocker": "pietra, riga {row}, colonna {col}",
  "match3.sr.cell_empty": "casella vuota, riga {row}, colonna {col}",
  "match3.sr.selected": "Selezionata: {gem}. Premi un tasto freccia per scambiarla.",
  "match3.sr.selection_cleared": "Selezione annullata",
  "match3.sr.empty_cell": "Casella vuota",
  "match3.sr.blockers_cant_move": "Le pietre non si spostano",
  "match3.sr.edge": "Bordo della griglia",
  "match3.sr.refused.no_match": "Nessuna combinazione qui",
  "match3.sr.refused.not_adjacent": "Non sono vicine",
  "match3.sr.refused.other": "Qui non puoi scambiare",
  "match3.sr.swapped": "Scambiate, {points, plural, one {+# punto} many {+# di punti} other {+# punti}}",
  "match3.sr.swapped_moves":
    "Scambiate, {points, plural, one {+# punto} many {+# di punti} other {+# punti}}. {moves, plural, one {Resta # mossa} many {Restano # di mosse} other {Restano # mosse}}",
  "match3.sr.swapped_cascade": "Scambiate, {points, plural, one {+# punto} many {+# di punti} other {+# punti}}, catena ×{cascade}",
  "match3.sr.swapped_cascade_moves":
    "Scambiate, {points, plural, one {+# punto} many {+# di punti} other {+# punti}}, catena ×{cascade}. {moves, plural, one {Resta # mossa} many {Restano # di mosse} other {Restano # mosse}}",
  "match3.sr.swapped_shuffled": "Scambiate, {points, plural, one {+# punto} many {+# di punti} other {+# punti}}. Griglia rimescolata",
  "match3.sr.swapped_shuffled_moves":
    "Scambiate, {points, plural, one {+# punto} many {+# di punti} other {+# punti}}. Griglia rimescolata. {moves, plural, one {Resta # mossa} many {Restano # di mosse} other {Restano # mosse}}",
  "match3.sr.swapped_cascade_shuffled":
    "Scambiate, {points, plural, one {+# punto} many {+# di punti} other {+# punti}}, catena ×{cascade}. Griglia rimescolata",
  "match3.sr.swapped_cascade_shuffled_moves":
    "Scambiate, {points, plural, one {+# punto} many {+# di punti} other {+# punti}}, catena ×{cascade}. Griglia rimescolata. {moves, plural, one {Resta # mossa} many {Restano # di mosse} other {Restano # mosse}}",

  // memory
  "memory.board.label": "Carte",
  "memory.card.face_down": "Carta {number}, coperta",
  "memory.card.face_up": "Carta {number}: {face}",
  "memory.card.matched": "Carta {number}: {face}, coppia trovata",
  "memory.float.points": "+{points}",
  "memory.face.apple": "mela",
  "memory.face.anchor": "ancora",
  "memory.face.bell": "campana",
  "memory.face.bolt": "fulmine",
  "memory.face.cactus": "cactus",
  "memory.face.cherry": "ciliegie",
  "memory.face.cloud": "nuvola",
  "memory.face.crown": "corona",
  "memory.face.diamond": "diamante",
  "memory.face.drum": "tamburo",
  "memory.face.feather": "piuma",
  "memory.face.fish": "pesce",
  "memory.face.flower": "fiore",
  "memory.face.gift": "regalo",
  "memory.face.heart": "cuore",
  "memory.face.key": "chiave",
  "memory.face.kite": "aquilone",
  "memory.face.leaf": "foglia",
  "memory.face.moon": "luna",
  "memory.face.mushroom": "fungo",
  "memory.face.planet": "pianeta",
  "memory.face.rocket": "razzo",
  "memory.face.shell": "conchiglia",
  "memory.face.star": "stella",

  // parcel
  "parcel.board.label":
    "Furgone in riga {row}, colonna {col}, {count, plural, =0 {nessun pacco a bordo} one {# pacco a bordo} many {# di pacchi a bordo} other {# pacchi a bordo}}",
  "parcel.parcel.title": "Pacco {id}",
  "parcel.float.points": "+{points}",
  "parcel.float.fuel": "{amount, plural, one {+# benzina} many {+# di benzina} other {+# benzina}}",
  "parcel.dpad.label": "Guida il furgone",
  "parcel.dpad.up": "Su",
  "parcel.dpad.down": "Giù",
  "parcel.dpad.left": "Sinistra",
  "parcel.dpad.right": "Destra",

  // wheel
  "wheel.title.daily": "Ruota del giorno",
  "wheel.title.site": "Ruota dei premi",
  "wheel.back": "Torna ai giochi",
  "wheel.picture":
    "{count, plural, one {Ruota dei premi con # premio} many {Ruota dei premi con # di premi} other {Ruota dei premi con # premi}}",
  "wheel.loading": "Caricamento della ruota…",
  "wheel.load_failed": "La ruota non si carica. Controlla la connessione e riprova.",
  "wheel.status.free":
    "{count, plural, =1 {Oggi hai un giro gratis!} one {Oggi hai # giro gratis!} many {Oggi hai # di giri gratis!} other {Oggi hai # giri gratis!}}",
  "wheel.status.paid":
    "{cost, plural, one {Giri gratis esauriti. Gira ancora con # biglietto (ne hai {balance}).} many {Giri gratis esauriti. Gira ancora con # di biglietti (ne hai {balance}).} other {Giri gratis esauriti. Gira ancora con # biglietti (ne hai {balance}).}}",
  "wheel.status.done": "Per oggi è tutto. Nuovi giri alle {time}.",
  "wheel.button.spin": "Gira",
  "wheel.button.spin_free": "Gira gratis",
  "wheel.button.spin_paid": "{cost, plural, one {Gira con # biglietto} many {Gira con # di biglietti} other {Gira con # biglietti}}",
  "wheel.rules.summary": "Regole e fair play",
  "wheel.rules.organiser":
    "{form, select, address_contact {Organizzato da {name}, {address} · {contact}} address {Organizzato da {name}, {address}} contact {Organizzato da {name} · {contact}} other {Organizzato da {name}}}",
  "wheel.rules.fairness":
    "Ogni giro è deciso prima ancora che tu prema: il tuo prossimo giro usa il seed segreto di cui vedi l’impronta qui sotto. Dopo il giro il seed viene svelato, così chiunque può verificarlo.",
  "wheel.rules.next_seed": "Impronta del prossimo seed",
  "wheel.rules.last_seed": "Seed dell’ultimo giro",
  "wheel.result.won": "{count, plural, one {Hai vinto # × {resource}!} many {Hai vinto # di {resource}!} other {Hai vinto # {resource}!}}",
  "wheel.result.nothing": "Nessun premio stavolta",
  "wheel.result.earlier": "Dal tuo ultimo giro.",
  "wheel.result.in_balance": "È già nel tuo saldo.",
  "wheel.result.better_luck": "Sarà per il prossimo giro!",
  "wheel.result.collect": "Ritira",
  "wheel.result.ok": "OK",
  "wheel.toast.updated": "La ruota è appena stata aggiornata. Ecco quella nuova!",
  "wheel.toast.spin_failed": "La ruota non è partita. Riprova.",
  "wheel.error.insufficient_balance": "Non hai abbastanza biglietti per girare. Vinci partite per guadagnarne.",
  "wheel.error.spins_exhausted": "Per oggi i giri sono finiti. Torna domani!",
  "wheel.error.rate_limited": "Ehi, piano! Riprova tra un attimo.",
  "wheel.error.forbidden": "Accedi al sito per girare la ruota.",
  "wheel.error.closed": "La ruota al momento è chiusa.",
  "wheel.error.economy_disabled": "I giri con i biglietti sono in pausa al momento.",

  // reward status (GET /v1/game-runs/{run_id}/reward `label`)
  "reward.status.pending": "La tua ricompensa è in arrivo",
  "reward.status.checking": "Stiamo verificando la tua ricompensa",
  "reward.status.delayed": "La tua ricompensa arriverà un po’ più tardi",
  "reward.status.confirmed": "La tua ricompensa è stata inviata",
  "reward.status.unavailable": "Questa ricompensa non può essere assegnata",
  "reward.status.none": "Nessuna ricompensa per questa partita",

  // what a new wheel starts with (the site's own text from then on)
  "wheel.default.rules": "Un giro gratis al giorno, i successivi costano biglietti. I premi vengono accreditati subito. Esaurito il budget dei premi del giorno, un premio può essere sostituito da «Riprova».",
  "wheel.default.try_again": "Riprova",
  "wheel.default.so_close": "Quasi!",
  "wheel.default.tickets": "{count, plural, one {# biglietto} many {# di biglietti} other {# biglietti}}",
  "wheel.default.coins": "{count, plural, one {# moneta} many {# di monete} other {# monete}}",
};
