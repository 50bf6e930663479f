import type { TCatalogue } from "./en";

/*
 * Swedish (sv) — the play shell's catalogue. Players are addressed informally ("du"), as Swedish
 * shops and apps always do; short imperatives on buttons ("Spela", "Snurra", "Försök igen").
 * Plurals: one, other. Dates/adverbs written "i dag", "i morgon" (Språkrådet's recommendation).
 *
 * Glossary (English → Swedish):
 *   level                → nivå, nivåer (nivån)
 *   run                  → spel / nivå (to players: "det här spelet", "senaste spelet")
 *   round (of the track) → varv ("Varv 2")
 *   track                → (not named; "alla nivåer")
 *   move(s)              → drag (ett drag, flera drag)
 *   card flip(s)         → vändning, vändningar; verb vända ("kvar att vända" on the counter)
 *   mistake(s)           → fel (ett fel, flera fel)
 *   fuel                 → bränsle; an amount of fuel in the limits line → "# i tanken"
 *   star(s)              → stjärna, stjärnor
 *   score / points       → Poäng (label), poäng (sing. = plur.); best score → Rekord; new best → Nytt rekord!
 *   bonus points         → bonuspoäng
 *   booster              → booster, boostrar (boostern)
 *   tickets              → biljett, biljetter (resource names come from the site as values, untranslated)
 *   coins                → mynt
 *   balance / wallet     → saldo ("Ditt saldo")
 *   prize wheel          → lyckohjul (title: Lyckohjulet)
 *   daily wheel          → Dagens lyckohjul
 *   spin (noun / verb)   → snurr (ett snurr, flera snurr) / snurra; free spin → gratissnurr
 *   prize                → pris, priser / vinst
 *   reward               → belöning
 *   lobby                → översikt (rarely said)
 *   site                 → webbplatsen
 *   sign in              → logga in
 *   goal(s)              → mål
 *   gem                  → juvel, juveler; stone block / blocker → stenblock
 *   board                → spelplan (a cell of it → ruta; board size → "8×8 rutor")
 *   cascade              → kedja; shuffle → blanda om
 *   tap                  → tryck
 *   pair(s), card(s)     → par; kort
 *   parcel, van, house   → paket; budbil (budbilen); hus / byggnad (building)
 *   ribbon               → band
 *   seed, fingerprint    → seed (kept, technical), fingeravtryck
 *   Game titles: Gem Match → Gem Match (kept as a brand; English game names read naturally to
 *   Swedish players); Memory Pairs → Hitta paren (descriptive, "find the pairs"; "Memory" alone
 *   would be the generic name of the card game); Parcel Pilot → Paketpiloten (keeps the P–P ring)
 */
export const SV: TCatalogue = {
  // common
  "common.list_separator": " · ",
  "common.sign_in_to_earn": "Logga in här för att få belöningar när du vinner.",
  "common.sound.on": "Ljud på",
  "common.sound.off": "Ljud av",
  "common.sound.on_hint": "Ljud på: tryck för att tysta",
  "common.sound.off_hint": "Ljud av: tryck för att slå på",
  "common.wallet_label": "Ditt saldo",

  // shell
  "shell.loading": "Laddar…",
  "shell.waiting_for_sign_in": "Väntar på att webbplatsen loggar in dig…",
  "shell.loading_games": "Laddar spelen…",
  "shell.lobby_failed": "Vi kunde inte ladda spelen. Kolla din anslutning och försök igen.",
  "shell.wheel_closed": "Lyckohjulet är stängt just nu. Titta gärna in igen senare.",
  "shell.run_ended": "Det spelet är redan över.",
  "shell.start_failed": "Vi kunde inte starta spelet. Försök igen.",
  "shell.start_error.rate_limited": "Sakta i backarna! Försök igen strax.",
  "shell.start_error.level_locked": "Den nivån är inte upplåst än.",
  "shell.start_error.game_updated": "Spelet har precis uppdaterats. Laddar nya versionen…",
  "shell.start_error.game_unavailable": "Det här spelet tar en liten paus.",

  // lobby
  "lobby.eyebrow.play_and_win": "Spela & vinn",
  "lobby.eyebrow.play": "Spela",
  "lobby.eyebrow.free_play": "Spela för skoj",
  "lobby.title_fallback": "Spel",
  "lobby.track_complete":
    "{count, plural, =1 {Du klarade nivån! Spela vidare och slå ditt rekord.} one {Du klarade nivån! Spela vidare och slå ditt rekord.} other {Du klarade alla # nivåer! Spela vidare och slå ditt rekord.}}",
  "lobby.level_badge": "Nivå",
  "lobby.goals_label": "Mål",
  "lobby.play": "Spela",
  "lobby.play_level": "Spela nivå {level}",
  "lobby.resume_level": "Fortsätt nivå {level}",
  "lobby.start_over": "Börja om",
  "lobby.wheel.daily": "Dagens lyckohjul",
  "lobby.wheel.prize": "Lyckohjulet",
  "lobby.wheel.spin_for_prizes": "Snurra och vinn priser",
  "lobby.wheel.prize_waiting": "Ett pris väntar på dig",
  "lobby.wheel.free_spins_ready": "{count, plural, =1 {Ditt gratissnurr väntar} one {# gratissnurr väntar} other {# gratissnurr väntar}}",
  "lobby.wheel.spin_for_tickets": "Snurra för {count, plural, one {# biljett} other {# biljetter}}",
  "lobby.wheel.back_tomorrow": "Nya snurr väntar i morgon",
  "lobby.wheel.cta_spin": "Snurra",
  "lobby.wheel.cta_reveal": "Visa",
  "lobby.wheel.cta_look": "Titta",
  "lobby.progress.title": "Dina framsteg",
  "lobby.progress.levels": "{done} / {total, plural, one {# nivå} other {# nivåer}}",
  "lobby.progress.bar_label": "Klarade nivåer",
  "lobby.progress.round": "Varv {round}",
  "lobby.levels.label": "Nivåer",
  "lobby.levels.level": "Nivå {level}",
  "lobby.levels.level_stars": "Nivå {level}: {stars} av tre stjärnor",
  "lobby.last_result": "Senaste spelet: nivå {level} · {status}",
  "lobby.last_result_reward": "Senaste spelet: nivå {level} · {status} · {reward}",
  "lobby.status.won": "Klarad",
  "lobby.status.lost": "Inte klarad",
  "lobby.status.abandoned": "Avbruten",
  "lobby.reward.pending": "belöning på väg",
  "lobby.reward.delayed": "belöning försenad",
  "lobby.reward.checking": "belöning granskas",
  "lobby.reward.confirmed": "belöning skickad",
  "lobby.reward.unavailable": "ingen belöning",
  "lobby.try_again": "Försök igen",

  // goals
  "goals.score": "Nå {count, plural, one {# poäng} other {# poäng}}",
  "goals.collect.red": "Samla {count, plural, one {# röd juvel} other {# röda juveler}}",
  "goals.collect.blue": "Samla {count, plural, one {# blå juvel} other {# blå juveler}}",
  "goals.collect.green": "Samla {count, plural, one {# grön juvel} other {# gröna juveler}}",
  "goals.collect.yellow": "Samla {count, plural, one {# gul juvel} other {# gula juveler}}",
  "goals.collect.purple": "Samla {count, plural, one {# lila juvel} other {# lila juveler}}",
  "goals.collect.orange": "Samla {count, plural, one {# orange juvel} other {# orange juveler}}",
  "goals.collect.named_colour": "Samla {count, plural, one {# juvel i {colour}} other {# juveler i {colour}}}",
  "goals.collect.any": "Samla {count, plural, one {# juvel} other {# juveler}}",
  "goals.clear_blockers": "Krossa {count, plural, one {# stenblock} other {# stenblock}}",
  "goals.pairs": "Hitta {count, plural, one {# par} other {# par}}",
  "goals.deliveries": "Leverera {count, plural, one {# paket} other {# paket}}",
  "goals.other": "{goal}: {count}",
  "goals.limit.moves": "{count, plural, one {# drag} other {# drag}}",
  "goals.limit.fuel": "{count, plural, one {# i tanken} other {# i tanken}}",
  "goals.limit.flips": "{count, plural, one {# vändning} other {# vändningar}}",
  "goals.limit.mistakes": "{count, plural, one {# fel tillåtet} other {# fel tillåtna}}",
  "goals.limit.board": "{rows}×{columns} rutor",
  "goals.limit.cards": "{count, plural, one {# kort} other {# kort}}",
  "goals.unavailable.mechanic_unavailable": "Det här spelet tar en liten paus. Titta in igen snart.",
  "goals.unavailable.mode_not_allowed": "Spelen är inte tillgängliga just nu.",
  "goals.unavailable.level_locked": "Nästa nivå är inte upplåst än.",

  // howto
  "howto.close": "Okej, nu kör vi!",
  "howto.match3.title": "Så spelar du Gem Match",
  "howto.match3.swap": "Byt två juveler bredvid varandra och få minst tre likfärgade i rad.",
  "howto.match3.clear": "Rader ger poäng och försvinner. Nya juveler faller ner och kan ge kedjor.",
  "howto.match3.goals": "Nå målen högst upp innan dragen tar slut. Drag du inte behöver blir bonuspoäng och stjärnor.",
  "howto.memory.title": "Så spelar du Hitta paren",
  "howto.memory.flip": "Tryck på ett kort för att vända det, sedan på ett till.",
  "howto.memory.pair": "Två likadana kort förblir uppvända: ett par! Par i följd ger mer poäng.",
  "howto.memory.miss":
    "Vid miss vänds båda tillbaka – kom ihåg var de låg. Fel och vändningar är begränsade; det du sparar blir bonuspoäng.",
  "howto.parcel.title": "Så spelar du Paketpiloten",
  "howto.parcel.drive": "Kör budbilen längs vägarna med pilarna, piltangenterna eller ett svep. Byggnader står i vägen.",
  "howto.parcel.pick_up": "Kör till ett paket för att lasta in det. Bandets färg visar vart det ska.",
  "howto.parcel.deliver": "Lämna det vid huset med samma färg på dörren. Varje steg drar bränsle – det som blir över ger bonuspoäng.",

  // hud
  "hud.back": "Tillbaka till översikten",
  "hud.level": "Nivå {level}",
  "hud.score": "Poäng",
  "hud.goals_label": "Mål",
  "hud.goal_progress": "{goal}: {progress} av {target}",
  "hud.counter.moves": "{count, plural, one {drag} other {drag}}",
  "hud.counter.fuel": "{count, plural, one {bränsle} other {bränsle}}",
  "hud.counter.mistakes": "{count, plural, one {fel kvar} other {fel kvar}}",
  "hud.counter.flips": "{count, plural, one {kvar att vända} other {kvar att vända}}",

  // game
  "game.aim.prompt": "Välj en ruta att krossa",
  "game.aim.cancel": "Avbryt",
  "game.toast.retry": "Försök igen",
  "game.toast.connection_problem": "Anslutningsproblem.",
  "game.toast.move_safe": "Anslutningsproblem. Ditt drag är sparat.",
  "game.toast.slow_down": "Ta det lite lugnare…",
  "game.toast.booster_unusable": "Den boostern kan inte användas här längre.",
  "game.toast.ended": "Det här spelet är över.",

  // games
  "launcher.games": "Spel",
  "launcher.open": "Öppna spelen",
  "launcher.close": "Stäng spelen",
  "games.match3_v1.title": "Gem Match",
  "games.memory_v1.title": "Hitta paren",
  "games.parcel_pilot_v1.title": "Paketpiloten",

  // refusal
  "refusal.out_of_bounds": "Det är utanför spelplanen",
  "refusal.run_finished": "Nivån är redan över",
  "refusal.impossible": "Det draget går inte",
  "refusal.fallback": "Så går det inte",
  "refusal.match3.no_match": "Det blir inget tre i rad där",
  "refusal.match3.not_adjacent": "Byt juveler bredvid varandra",
  "refusal.match3.blocked": "Stenblock går inte att flytta",
  "refusal.memory.already_open": "Kortet är redan uppvänt",
  "refusal.parcel.blocked": "En byggnad står i vägen",
  "refusal.parcel.out_of_bounds": "Här tar vägen slut",

  // result
  "result.title.won": "Nivå {level} klarad!",
  "result.loss.out_of_moves": "Slut på drag",
  "result.loss.out_of_fuel": "Slut på bränsle",
  "result.loss.too_many_mistakes": "För många fel",
  "result.loss.out_of_flips": "Slut på vändningar",
  "result.loss.expired": "Tiden tog slut",
  "result.loss.fallback": "Så nära!",
  "result.stars.label": "{stars} av {total} stjärnor",
  "result.bonus.match3": "Bonus för sparade drag: +{bonus}",
  "result.bonus.memory": "Bonus för sparade fel och vändningar: +{bonus}",
  "result.bonus.parcel": "Bonus för sparat bränsle: +{bonus}",
  "result.bonus.other": "Bonus för det som blev över: +{bonus}",
  "result.score": "Poäng",
  "result.badge.new_best": "Nytt rekord!",
  "result.badge.first_clear": "Första vinst",
  "result.stat.best": "Rekord",
  "result.stat.levels": "Nivåer",
  "result.stat.levels_value": "{done}/{total}",
  "result.stat.round": "Varv",
  "result.track_complete": "Allt klart! Du har klarat varje nivå.",
  "result.next_up": "Näst på tur: nivå {level}",
  "result.button.play_level": "Spela nivå {level}",
  "result.button.continue": "Fortsätt",
  "result.button.try_again": "Försök igen",
  "result.button.lobby": "Översikt",
  "result.reward.pending": "Din belöning är på väg.",
  "result.reward.checking": "Din belöning granskas.",
  "result.reward.confirmed": "Din belöning har skickats.",

  // booster
  "booster.tray.label": "Boostrar",
  "booster.label.owned": "{name}: du har {count}. Tryck för att använda.",
  "booster.label.confirm": "Köpa {name} för {price} {resource}? Tryck igen för att köpa.",
  "booster.label.for_sale": "{name}: {description} Kostar {price} {resource}.",
  "booster.badge.owned": "×{count}",
  "booster.badge.confirm": "Köpa?",
  "booster.toast.busy": "Vänta lite – spelplanen rör sig ännu.",
  "booster.toast.need": "Du behöver {price} {resource} för {name}.",
  "booster.error.insufficient_balance": "Du har inte råd än. Vinn spel eller snurra på lyckohjulet för mer.",
  "booster.error.economy_disabled": "Butiken är stängd just nu.",
  "booster.error.rate_limited": "Sakta i backarna! Försök igen strax.",
  "booster.error.not_found": "Den boostern säljs inte längre.",
  "booster.error.fallback": "Vi kunde inte slutföra köpet. Försök igen.",

  // economy: Playloop's own resources and boosters, while the site has not renamed them
  "economy.resource.tickets": "biljetter",
  "economy.resource.coins": "mynt",
  "economy.booster.gem_shuffle.name": "Blanda om",
  "economy.booster.gem_shuffle.description": "Blanda om spelplanen för nya rader",
  "economy.booster.gem_hammer.name": "Hammare",
  "economy.booster.gem_hammer.description": "Krossa en juvel",
  "economy.booster.pairs_peek.name": "Tjuvkika",
  "economy.booster.pairs_peek.description": "Se alla kort en liten stund",
  "economy.booster.van_fuel.name": "Extra bränsle",
  "economy.booster.van_fuel.description": "Bränsle för fem drag till",

  // match3
  "match3.board.label": "Spelplan",
  "match3.board.keyboard_label":
    "Spelplan, {rows} gånger {cols}. Flytta med piltangenterna, välj en juvel med Enter och byt sedan plats med en piltangent. Escape avbryter.",
  "match3.gem.red": "röd juvel",
  "match3.gem.blue": "blå juvel",
  "match3.gem.green": "grön juvel",
  "match3.gem.yellow": "gul juvel",
  "match3.gem.purple": "lila juvel",
  "match3.gem.orange": "orange juvel",
  "match3.gem.named_colour": "juvel i {colour}",
  "match3.tile.blocker": "stenblock",
  "match3.float.points": "+{points}",
  "match3.float.cascade": "Kedja ×{cascade}",
  "match3.float.shuffle": "Blandar om!",
  "match3.sr.cell_gem": "{gem}, rad {row}, kolumn {col}",
  "match3.sr.cell_gem_selected": "{gem}, rad {row}, kolumn {col}, vald",
  "match3.sr.cell_blocker": "stenblock, rad {row}, kolumn {col}",
  "match3.sr.cell_empty": "tom, rad {row}, kolumn {col}",
  "match3.sr.selected": "Vald: {gem}. Tryck på en piltangent för att byta plats på den.",
  "match3.sr.selection_cleared": "Ingen juvel vald",
  "match3.sr.empty_cell": "Tom ruta",
  "match3.sr.blockers_cant_move": "Stenblock går inte att flytta",
  "match3.sr.edge": "Spelplanens kant",
  "match3.sr.refused.no_match": "Det blir inget tre i rad där",
  "match3.sr.refused.not_adjacent": "Inte bredvid varandra",
  "match3.sr.refused.other": "Går inte att byta där",
  "match3.sr.swapped": "Bytt, {points, plural, one {+# poäng} other {+# poäng}}",
  "match3.sr.swapped_moves": "Bytt, {points, plural, one {+# poäng} other {+# poäng}}. {moves, plural, one {# drag} other {# drag}} kvar",
  "match3.sr.swapped_cascade": "Bytt, {points, plural, one {+# poäng} other {+# poäng}}, kedja ×{cascade}",
  "match3.sr.swapped_cascade_moves":
    "Bytt, {points, plural, one {+# poäng} other {+# poäng}}, kedja ×{cascade}. {moves, plural, one {# drag} other {# drag}} kvar",
  "match3.sr.swapped_shuffled": "Bytt, {points, plural, one {+# poäng} other {+# poäng}}. Spelplanen omblandad",
  "match3.sr.swapped_shuffled_moves":
    "Bytt, {points, plural, one {+# poäng} other {+# poäng}}. Spelplanen omblandad. {moves, plural, one {# drag} other {# drag}} kvar",
  "match3.sr.swapped_cascade_shuffled": "Bytt, {points, plural, one {+# poäng} other {+# poäng}}, kedja ×{cascade}. Spelplanen omblandad",
  "match3.sr.swapped_cascade_shuffled_moves":
    "Bytt, {points, plural, one {+# poäng} other {+# poäng}}, kedja ×{cascade}. Spelplanen omblandad. {moves, plural, one {# drag} other {# drag}} kvar",

  // memory
  "memory.board.label": "Kort",
  "memory.card.face_down": "Kort {number}, nedvänt",
  "memory.card.face_up": "Kort {number}: {face}",
  "memory.card.matched": "Kort {number}: {face}, par hittat",
  "memory.float.points": "+{points}",
  "memory.face.apple": "äpple",
  "memory.face.anchor": "ankare",
  "memory.face.bell": "klocka",
  "memory.face.bolt": "blixt",
  "memory.face.cactus": "kaktus",
  "memory.face.cherry": "körsbär",
  "memory.face.cloud": "moln",
  "memory.face.crown": "krona",
  "memory.face.diamond": "diamant",
  "memory.face.drum": "trumma",
  "memory.face.feather": "fjäder",
  "memory.face.fish": "fisk",
  "memory.face.flower": "blomma",
  "memory.face.gift": "present",
  "memory.face.heart": "hjärta",
  "memory.face.key": "nyckel",
  "memory.face.kite": "pappersdrake",
  "memory.face.leaf": "löv",
  "memory.face.moon": "måne",
  "memory.face.mushroom": "svamp",
  "memory.face.planet": "planet",
  "memory.face.rocket": "raket",
  "memory.face.shell": "snäcka",
  "memory.face.star": "stjärna",

  // parcel
  "parcel.board.label": "Budbilen på rad {row}, kolumn {col}, med {count} paket ombord",
  "parcel.parcel.title": "Paket {id}",
  "parcel.float.points": "+{points}",
  "parcel.float.fuel": "{amount, plural, one {+# bränsle} other {+# bränsle}}",
  "parcel.dpad.label": "Styr budbilen",
  "parcel.dpad.up": "Upp",
  "parcel.dpad.down": "Ner",
  "parcel.dpad.left": "Vänster",
  "parcel.dpad.right": "Höger",

  // wheel
  "wheel.title.daily": "Dagens lyckohjul",
  "wheel.title.site": "Lyckohjulet",
  "wheel.back": "Tillbaka till spelen",
  "wheel.picture": "{count, plural, one {Lyckohjul med # pris} other {Lyckohjul med # priser}}",
  "wheel.loading": "Laddar lyckohjulet…",
  "wheel.load_failed": "Vi kunde inte ladda lyckohjulet. Kolla din anslutning och försök igen.",
  "wheel.status.free": "{count, plural, =1 {Du har ett gratissnurr i dag!} one {Du har # gratissnurr i dag!} other {Du har # gratissnurr i dag!}}",
  "wheel.status.paid":
    "{cost, plural, one {Gratissnurren är slut. Snurra igen för # biljett (du har {balance}).} other {Gratissnurren är slut. Snurra igen för # biljetter (du har {balance}).}}",
  "wheel.status.done": "Det var allt för i dag. Nya snurr kl. {time}.",
  "wheel.button.spin": "Snurra",
  "wheel.button.spin_free": "Snurra gratis",
  "wheel.button.spin_paid": "{cost, plural, one {Snurra för # biljett} other {Snurra för # biljetter}}",
  "wheel.rules.summary": "Regler & rättvist spel",
  "wheel.rules.organiser":
    "{form, select, address_contact {Arrangör: {name}, {address} · {contact}} address {Arrangör: {name}, {address}} contact {Arrangör: {name} · {contact}} other {Arrangör: {name}}}",
  "wheel.rules.fairness":
    "Varje snurr är avgjort innan du trycker: ditt nästa snurr använder det hemliga seedet vars fingeravtryck visas nedan. Efter snurret avslöjas seedet, så att vem som helst kan kontrollera det.",
  "wheel.rules.next_seed": "Nästa seeds fingeravtryck",
  "wheel.rules.last_seed": "Senaste snurrets seed",
  "wheel.result.won": "{count, plural, one {Du vann # × {resource}!} other {Du vann # {resource}!}}",
  "wheel.result.nothing": "Ingen vinst den här gången",
  "wheel.result.earlier": "Från ditt senaste snurr.",
  "wheel.result.in_balance": "Vinsten finns redan i ditt saldo.",
  "wheel.result.better_luck": "Bättre lycka nästa gång!",
  "wheel.result.collect": "Hämta vinsten",
  "wheel.result.ok": "OK",
  "wheel.toast.updated": "Lyckohjulet har precis uppdaterats. Här är det nya!",
  "wheel.toast.spin_failed": "Hjulet snurrade inte. Försök igen.",
  "wheel.error.insufficient_balance": "Du har för få biljetter för ett snurr till. Vinn spel för att få fler.",
  "wheel.error.spins_exhausted": "Det var alla snurr för i dag. Kom tillbaka i morgon!",
  "wheel.error.rate_limited": "Sakta i backarna! Försök igen strax.",
  "wheel.error.forbidden": "Logga in på webbplatsen för att snurra på hjulet.",
  "wheel.error.closed": "Lyckohjulet är stängt just nu.",
  "wheel.error.economy_disabled": "Snurr med biljetter är pausade just nu.",

  // reward status (GET /v1/game-runs/{run_id}/reward `label`)
  "reward.status.pending": "Din belöning är på väg",
  "reward.status.checking": "Din belöning granskas",
  "reward.status.delayed": "Din belöning kommer lite senare",
  "reward.status.confirmed": "Din belöning har skickats",
  "reward.status.unavailable": "Den här belöningen kan inte delas ut",
  "reward.status.none": "Ingen belöning för det här spelet",

  // what a new wheel starts with (the site's own text from then on)
  "wheel.default.rules": "En gratissnurr om dagen, fler snurr kostar biljetter. Vinster krediteras direkt. När dagens prisbudget är slut kan en vinst bytas mot ”Försök igen”.",
  "wheel.default.try_again": "Försök igen",
  "wheel.default.so_close": "Nära!",
  "wheel.default.tickets": "{count, plural, one {# biljett} other {# biljetter}}",
  "wheel.default.coins": "{count, plural, one {# mynt} other {# mynt}}",
};
