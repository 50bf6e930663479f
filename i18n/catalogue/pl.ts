import type { TCatalogue } from "./en";

/*
 * Polish (pl) — the play shell’s catalogue. Players are addressed informally ("ty"), as Polish
 * casual games and shop apps do; "ty/twój" in lower case mid-sentence. Past tenses in the second
 * person are gendered in Polish (wygrałeś/wygrałaś), so the text avoids them: present tense
 * ("Wygrywasz!"), "masz za sobą", participles ("Poziom ukończony!") or impersonal forms.
 * Plurals give one (1), few (2–4, 22–24…), many (0, 5–21, 25…) and other (fractions: genitive
 * singular, e.g. "1,5 punktu"). Nouns after an imperative take the accusative ("Znajdź # parę").
 * Resource names set by the site (tickets, coins…) are fixed labels that cannot decline, so they
 * stand as "{resource}: {price}" rather than after a number.
 *
 * Glossary (English → Polish):
 *   level                → poziom (poziomy, poziomów)
 *   run                  → gra (to players: "ta gra", "ostatnia gra")
 *   round (of the track) → runda
 *   track                → wszystkie poziomy ("Komplet!")
 *   move(s)              → ruch, ruchy, ruchów; moves left → "zostało # ruchów"
 *   card flip(s)         → odkrycie, odkrycia, odkryć (verb: odkryć kartę); out of flips → Koniec odkryć
 *   mistake(s)           → błąd, błędy, błędów; mistakes left → "błędy w zapasie"
 *   fuel                 → paliwo ("Paliwo: #", "+# paliwa")
 *   star(s)              → gwiazdka, gwiazdki, gwiazdek
 *   score / points       → Wynik (label); punkt, punkty, punktów
 *   best score / new best→ Rekord / Nowy rekord!
 *   bonus points         → punkty bonusowe; "Bonus za …"
 *   booster              → wzmacniacz, wzmacniacze (as in Polish match-three games)
 *   tickets              → bilety (resource names themselves come from the site untranslated)
 *   coins                → monety
 *   balance / wallet     → saldo ("Twoje saldo"); in sentences "na twoim koncie"
 *   prize wheel          → Koło nagród; the wheel → koło
 *   daily wheel          → Codzienne koło
 *   spin (noun / verb)   → obrót, obroty, obrotów / zakręć (kołem); free spin → darmowy obrót
 *   prize / reward       → nagroda (both; Polish uses one word)
 *   lobby                → menu
 *   goal(s)              → cel, cele
 *   gem                  → klejnot, klejnoty; stone block / blocker → kamień, kamienie
 *   board / tile, cell   → plansza / pole
 *   cascade              → kaskada; shuffle → "Mieszamy!", "plansza wymieszana"
 *   pair(s), card(s)     → para, pary, par; karta, karty, kart
 *   parcel, van, house   → paczka, paczki, paczek; furgonetka; dom
 *   tap / sign in        → dotknij / zaloguj się
 *   seed, fingerprint    → ziarno, odcisk
 *   Game titles: Gem Match → Gem Match (kept as a brand, as Polish match-three games often are);
 *   Memory Pairs → Znajdź parę; Parcel Pilot → Szybki Kurier. Headings put the title first
 *   ("Znajdź parę – jak grać") so it never has to decline.
 */
export const PL: TCatalogue = {
  // common
  "common.list_separator": " · ",
  "common.sign_in_to_earn": "Zaloguj się na tej stronie, aby zdobywać nagrody za wygrane.",
  "common.sound.on": "Dźwięk włączony",
  "common.sound.off": "Dźwięk wyłączony",
  "common.sound.on_hint": "Dźwięk: dotknij, aby wyciszyć",
  "common.sound.off_hint": "Bez dźwięku: dotknij, aby włączyć",
  "common.wallet_label": "Twoje saldo",

  // shell
  "shell.loading": "Ładowanie…",
  "shell.waiting_for_sign_in": "Czekamy, aż strona cię zaloguje…",
  "shell.loading_games": "Ładowanie gier…",
  "shell.lobby_failed": "Nie udało się wczytać gier. Sprawdź połączenie i spróbuj ponownie.",
  "shell.wheel_closed": "Koło nagród jest teraz nieczynne. Zajrzyj do nas później.",
  "shell.run_ended": "Ta gra już się zakończyła.",
  "shell.start_failed": "Nie udało się uruchomić gry. Spróbuj ponownie.",
  "shell.start_error.rate_limited": "Nie tak szybko! Spróbuj za chwilę.",
  "shell.start_error.level_locked": "Ten poziom jest jeszcze zablokowany.",
  "shell.start_error.game_updated": "Gra została właśnie zaktualizowana. Wczytujemy nową wersję…",
  "shell.start_error.game_unavailable": "Ta gra ma teraz krótką przerwę.",

  // lobby
  "lobby.eyebrow.play_and_win": "Graj i wygrywaj",
  "lobby.eyebrow.play": "Graj",
  "lobby.eyebrow.free_play": "Graj dla zabawy",
  "lobby.title_fallback": "Gry",
  "lobby.track_complete":
    "{count, plural, =1 {Poziom ukończony! Graj dalej i bij rekordy.} one {Poziom ukończony! Graj dalej i bij rekordy.} few {Masz za sobą wszystkie # poziomy! Graj dalej i bij rekordy.} many {Masz za sobą wszystkie # poziomów! Graj dalej i bij rekordy.} other {Masz za sobą wszystkie # poziomu! Graj dalej i bij rekordy.}}",
  "lobby.level_badge": "Poziom",
  "lobby.goals_label": "Cele",
  "lobby.play": "Graj",
  "lobby.play_level": "Graj: poziom {level}",
  "lobby.resume_level": "Dokończ poziom {level}",
  "lobby.start_over": "Zacznij od nowa",
  "lobby.wheel.daily": "Codzienne koło",
  "lobby.wheel.prize": "Koło nagród",
  "lobby.wheel.spin_for_prizes": "Zakręć i wygrywaj nagrody",
  "lobby.wheel.prize_waiting": "Czeka na ciebie nagroda",
  "lobby.wheel.free_spins_ready":
    "{count, plural, =1 {Twój darmowy obrót czeka} one {# darmowy obrót czeka} few {# darmowe obroty czekają} many {# darmowych obrotów czeka} other {# darmowego obrotu czeka}}",
  "lobby.wheel.spin_for_tickets": "Zakręć za {count, plural, one {# bilet} few {# bilety} many {# biletów} other {# biletu}}",
  "lobby.wheel.back_tomorrow": "Nowe obroty już jutro",
  "lobby.wheel.cta_spin": "Zakręć",
  "lobby.wheel.cta_reveal": "Odkryj",
  "lobby.wheel.cta_look": "Zobacz",
  "lobby.progress.title": "Twoje postępy",
  "lobby.progress.levels": "{done} / {total, plural, one {# poziom} few {# poziomy} many {# poziomów} other {# poziomu}}",
  "lobby.progress.bar_label": "Ukończone poziomy",
  "lobby.progress.round": "Runda {round}",
  "lobby.levels.label": "Poziomy",
  "lobby.levels.level": "Poziom {level}",
  "lobby.levels.level_stars": "Poziom {level}: {stars} z trzech gwiazdek",
  "lobby.last_result": "Ostatnia gra: poziom {level} · {status}",
  "lobby.last_result_reward": "Ostatnia gra: poziom {level} · {status} · {reward}",
  "lobby.status.won": "Wygrana",
  "lobby.status.lost": "Tym razem nie",
  "lobby.status.abandoned": "Przerwana",
  "lobby.reward.pending": "nagroda w drodze",
  "lobby.reward.delayed": "nagroda opóźniona",
  "lobby.reward.checking": "nagroda sprawdzana",
  "lobby.reward.confirmed": "nagroda wysłana",
  "lobby.reward.unavailable": "nagroda niedostępna",
  "lobby.try_again": "Spróbuj ponownie",

  // goals
  "goals.score": "Zdobądź {count, plural, one {# punkt} few {# punkty} many {# punktów} other {# punktu}}",
  "goals.collect.red":
    "Zbierz {count, plural, one {# czerwony klejnot} few {# czerwone klejnoty} many {# czerwonych klejnotów} other {# czerwonego klejnotu}}",
  "goals.collect.blue":
    "Zbierz {count, plural, one {# niebieski klejnot} few {# niebieskie klejnoty} many {# niebieskich klejnotów} other {# niebieskiego klejnotu}}",
  "goals.collect.green":
    "Zbierz {count, plural, one {# zielony klejnot} few {# zielone klejnoty} many {# zielonych klejnotów} other {# zielonego klejnotu}}",
  "goals.collect.yellow":
    "Zbierz {count, plural, one {# żółty klejnot} few {# żółte klejnoty} many {# żółtych klejnotów} other {# żółtego klejnotu}}",
  "goals.collect.purple":
    "Zbierz {count, plural, one {# fioletowy klejnot} few {# fioletowe klejnoty} many {# fioletowych klejnotów} other {# fioletowego klejnotu}}",
  "goals.collect.orange":
    "Zbierz {count, plural, one {# pomarańczowy klejnot} few {# pomarańczowe klejnoty} many {# pomarańczowych klejnotów} other {# pomarańczowego klejnotu}}",
  "goals.collect.named_colour":
    "Zbierz {count, plural, one {# klejnot {colour}} few {# klejnoty {colour}} many {# klejnotów {colour}} other {# klejnotu {colour}}}",
  "goals.collect.any": "Zbierz {count, plural, one {# klejnot} few {# klejnoty} many {# klejnotów} other {# klejnotu}}",
  "goals.clear_blockers": "Rozbij {count, plural, one {# kamień} few {# kamienie} many {# kamieni} other {# kamienia}}",
  "goals.pairs": "Znajdź {count, plural, one {# parę} few {# pary} many {# par} other {# pary}}",
  "goals.deliveries": "Dostarcz {count, plural, one {# paczkę} few {# paczki} many {# paczek} other {# paczki}}",
  "goals.other": "{goal}: {count}",
  "goals.limit.moves": "{count, plural, one {# ruch} few {# ruchy} many {# ruchów} other {# ruchu}}",
  "goals.limit.fuel": "{count, plural, one {Paliwo: #} few {Paliwo: #} many {Paliwo: #} other {Paliwo: #}}",
  "goals.limit.flips": "{count, plural, one {# odkrycie} few {# odkrycia} many {# odkryć} other {# odkrycia}}",
  "goals.limit.mistakes":
    "{count, plural, one {# dozwolony błąd} few {# dozwolone błędy} many {# dozwolonych błędów} other {# dozwolonego błędu}}",
  "goals.limit.board": "Plansza {rows}×{columns}",
  "goals.limit.cards": "{count, plural, one {# karta} few {# karty} many {# kart} other {# karty}}",
  "goals.unavailable.mechanic_unavailable": "Ta gra ma teraz krótką przerwę. Zajrzyj wkrótce!",
  "goals.unavailable.mode_not_allowed": "Gry są teraz niedostępne.",
  "goals.unavailable.level_locked": "Następny poziom jest jeszcze zablokowany.",

  // howto
  "howto.close": "Jasne, gramy!",
  "howto.match3.title": "Gem Match – jak grać",
  "howto.match3.swap": "Zamień dwa sąsiednie klejnoty i ułóż trzy lub więcej w jednym kolorze.",
  "howto.match3.clear": "Ułożone rzędy znikają i dają punkty, a nowe klejnoty mogą tworzyć kaskady.",
  "howto.match3.goals":
    "Zalicz cele u góry, zanim skończą ci się ruchy. Niewykorzystane ruchy zamienią się w punkty bonusowe i gwiazdki.",
  "howto.memory.title": "Znajdź parę – jak grać",
  "howto.memory.flip": "Dotknij karty, aby ją odkryć, a potem dotknij drugiej.",
  "howto.memory.pair": "Pasujące karty zostają odkryte – to para! Seria par daje więcej punktów.",
  "howto.memory.miss":
    "Pudło? Obie karty się zakryją – zapamiętaj, gdzie leżą. Błędy i odkrycia są ograniczone; co zaoszczędzisz, da punkty bonusowe.",
  "howto.parcel.title": "Szybki Kurier – jak grać",
  "howto.parcel.drive": "Kieruj furgonetką strzałkami, klawiszami strzałek lub przesuwając palcem. Budynki blokują drogę.",
  "howto.parcel.pick_up": "Wjedź na paczkę, aby ją zabrać. Kolor wstążki mówi, dokąd ma trafić.",
  "howto.parcel.deliver":
    "Zawieź ją do domu z drzwiami w tym samym kolorze. Każdy krok zużywa paliwo, a reszta paliwa da punkty bonusowe.",

  // hud
  "hud.back": "Wróć do menu",
  "hud.level": "Poziom {level}",
  "hud.score": "Wynik",
  "hud.goals_label": "Cele",
  "hud.goal_progress": "{goal}: {progress} z {target}",
  "hud.counter.moves": "{count, plural, one {ruch} few {ruchy} many {ruchów} other {ruchu}}",
  "hud.counter.fuel": "{count, plural, one {paliwo} few {paliwo} many {paliwo} other {paliwo}}",
  "hud.counter.mistakes": "{count, plural, one {błąd w zapasie} few {błędy w zapasie} many {błędów w zapasie} other {błędu w zapasie}}",
  "hud.counter.flips": "{count, plural, one {odkrycie} few {odkrycia} many {odkryć} other {odkrycia}}",

  // game
  "game.aim.prompt": "Dotknij pola, aby je rozbić",
  "game.aim.cancel": "Anuluj",
  "game.toast.retry": "Ponów",
  "game.toast.connection_problem": "Problem z połączeniem.",
  "game.toast.move_safe": "Problem z połączeniem. Twój ruch nie przepadnie.",
  "game.toast.slow_down": "Trochę wolniej…",
  "game.toast.booster_unusable": "Tego wzmacniacza nie da się już tu użyć.",
  "game.toast.ended": "Ta gra już się skończyła.",

  // games
  "launcher.games": "Gry",
  "launcher.open": "Otwórz gry",
  "launcher.close": "Zamknij gry",
  "games.match3_v1.title": "Gem Match",
  "games.memory_v1.title": "Znajdź parę",
  "games.parcel_pilot_v1.title": "Szybki Kurier",

  // refusal
  "refusal.out_of_bounds": "To już poza planszą",
  "refusal.run_finished": "Ten poziom już się skończył",
  "refusal.impossible": "Taki ruch jest niemożliwy",
  "refusal.fallback": "Nie tędy",
  "refusal.match3.no_match": "Tu nic się nie ułoży",
  "refusal.match3.not_adjacent": "Zamieniaj sąsiednie klejnoty",
  "refusal.match3.blocked": "Kamienie się nie ruszają",
  "refusal.memory.already_open": "Ta karta jest już odkryta",
  "refusal.parcel.blocked": "Budynek blokuje drogę",
  "refusal.parcel.out_of_bounds": "Tu kończy się droga",

  // result
  "result.title.won": "Poziom {level} ukończony!",
  "result.loss.out_of_moves": "Koniec ruchów",
  "result.loss.out_of_fuel": "Koniec paliwa",
  "result.loss.too_many_mistakes": "Za dużo błędów",
  "result.loss.out_of_flips": "Koniec odkryć",
  "result.loss.expired": "Czas minął",
  "result.loss.fallback": "Było blisko!",
  "result.stars.label": "{stars} z {total} gwiazdek",
  "result.bonus.match3": "Bonus za pozostałe ruchy: +{bonus}",
  "result.bonus.memory": "Bonus za zapas błędów i odkryć: +{bonus}",
  "result.bonus.parcel": "Bonus za resztę paliwa: +{bonus}",
  "result.bonus.other": "Bonus za niewykorzystany zapas: +{bonus}",
  "result.score": "Wynik",
  "result.badge.new_best": "Nowy rekord!",
  "result.badge.first_clear": "Pierwszy raz!",
  "result.stat.best": "Rekord",
  "result.stat.levels": "Poziomy",
  "result.stat.levels_value": "{done}/{total}",
  "result.stat.round": "Runda",
  "result.track_complete": "Komplet! Wszystkie poziomy pokonane.",
  "result.next_up": "Następny: poziom {level}",
  "result.button.play_level": "Graj: poziom {level}",
  "result.button.continue": "Dalej",
  "result.button.try_again": "Zagraj jeszcze raz",
  "result.button.lobby": "Menu",
  "result.reward.pending": "Twoja nagroda jest w drodze.",
  "result.reward.checking": "Twoja nagroda jest sprawdzana.",
  "result.reward.confirmed": "Twoja nagroda została wysłana.",

  // booster
  "booster.tray.label": "Wzmacniacze",
  "booster.label.owned": "{name}: masz {count}. Dotknij, aby użyć.",
  "booster.label.confirm": "Kupić {name}? Cena – {resource}: {price}. Dotknij ponownie, aby kupić.",
  "booster.label.for_sale": "{name}: {description} Cena – {resource}: {price}.",
  "booster.badge.owned": "×{count}",
  "booster.badge.confirm": "Kupić?",
  "booster.toast.busy": "Chwileczkę – plansza jeszcze się rusza.",
  "booster.toast.need": "Za mało, aby kupić {name}. Cena – {resource}: {price}.",
  "booster.error.insufficient_balance": "Na razie masz za mało. Wygrywaj gry lub kręć kołem, aby zdobyć więcej.",
  "booster.error.economy_disabled": "Sklep jest teraz zamknięty.",
  "booster.error.rate_limited": "Nie tak szybko! Spróbuj za chwilę.",
  "booster.error.not_found": "Tego wzmacniacza nie ma już w sprzedaży.",
  "booster.error.fallback": "Nie udało się dokończyć zakupu. Spróbuj ponownie.",

  // economy: Playloop's own resources and boosters, while the site has not renamed them
  "economy.resource.tickets": "bilety",
  "economy.resource.coins": "monety",
  "economy.booster.gem_shuffle.name": "Mieszanie",
  "economy.booster.gem_shuffle.description": "Wymieszaj planszę, by ułożyć nowe rzędy",
  "economy.booster.gem_hammer.name": "Młotek",
  "economy.booster.gem_hammer.description": "Rozbij jeden klejnot",
  "economy.booster.pairs_peek.name": "Podgląd",
  "economy.booster.pairs_peek.description": "Zobacz na chwilę wszystkie karty",
  "economy.booster.van_fuel.name": "Więcej paliwa",
  "economy.booster.van_fuel.description": "Paliwo na pięć ruchów więcej",

  // match3
  "match3.board.label": "Plansza gry",
  "match3.board.keyboard_label":
    "Plansza gry, {rows} na {cols}. Strzałki przesuwają kursor, Enter wybiera klejnot, a potem strzałka go zamienia. Escape anuluje.",
  "match3.gem.red": "czerwony klejnot",
  "match3.gem.blue": "niebieski klejnot",
  "match3.gem.green": "zielony klejnot",
  "match3.gem.yellow": "żółty klejnot",
  "match3.gem.purple": "fioletowy klejnot",
  "match3.gem.orange": "pomarańczowy klejnot",
  "match3.gem.named_colour": "klejnot {colour}",
  "match3.tile.blocker": "kamień",
  "match3.float.points": "+{points}",
  "match3.float.cascade": "Kaskada ×{cascade}",
  "match3.float.shuffle": "Mieszamy!",
  "match3.sr.cell_gem": "{gem}, wiersz {row}, kolumna {col}",
  "match3.sr.cell_gem_selected": "{gem}, wiersz {row}, kolumna {col}, wybrany",
  "match3.sr.cell_blocker": "kamień, wiersz {row}, kolumna {col}",
  "match3.sr.cell_empty": "puste pole, wiersz {row}, kolumna {col}",
  "match3.sr.selected": "Wybrano: {gem}. Naciśnij strzałkę, aby go zamienić.",
  "match3.sr.selection_cleared": "Wybór anulowany",
  "match3.sr.empty_cell": "Puste pole",
  "match3.sr.blockers_cant_move": "Kamienie się nie ruszają",
  "match3.sr.edge": "Krawędź planszy",
  "match3.sr.refused.no_match": "Tu nic się nie ułoży",
  "match3.sr.refused.not_adjacent": "Klejnoty nie sąsiadują",
  "match3.sr.refused.other": "Tu nie da się zamienić",
  "match3.sr.swapped": "Zamiana, {points, plural, one {+# punkt} few {+# punkty} many {+# punktów} other {+# punktu}}",
  "match3.sr.swapped_moves":
    "Zamiana, {points, plural, one {+# punkt} few {+# punkty} many {+# punktów} other {+# punktu}}. {moves, plural, one {Został # ruch} few {Zostały # ruchy} many {Zostało # ruchów} other {Zostało # ruchu}}",
  "match3.sr.swapped_cascade":
    "Zamiana, {points, plural, one {+# punkt} few {+# punkty} many {+# punktów} other {+# punktu}}, kaskada ×{cascade}",
  "match3.sr.swapped_cascade_moves":
    "Zamiana, {points, plural, one {+# punkt} few {+# punkty} many {+# punktów} other {+# punktu}}, kaskada ×{cascade}. {moves, plural, one {Został # ruch} few {Zostały # ruchy} many {Zostało # ruchów} other {Zostało # ruchu}}",
  "match3.sr.swapped_shuffled":
    "Zamiana, {points, plural, one {+# punkt} few {+# punkty} many {+# punktów} other {+# punktu}}. Plansza wymieszana",
  "match3.sr.swapped_shuffled_moves":
    "Zamiana, {points, plural, one {+# punkt} few {+# punkty} many {+# punktów} other {+# punktu}}. Plansza wymieszana. {moves, plural, one {Został # ruch} few {Zostały # ruchy} many {Zostało # ruchów} other {Zostało # ruchu}}",
  "match3.sr.swapped_cascade_shuffled":
    "Zamiana, {points, plural, one {+# punkt} few {+# punkty} many {+# punktów} other {+# punktu}}, kaskada ×{cascade}. Plansza wymieszana",
  "match3.sr.swapped_cascade_shuffled_moves":
    "Zamiana, {points, plural, one {+# punkt} few {+# punkty} many {+# punktów} other {+# punktu}}, kaskada ×{cascade}. Plansza wymieszana. {moves, plural, one {Został # ruch} few {Zostały # ruchy} many {Zostało # ruchów} other {Zostało # ruchu}}",

  // memory
  "memory.board.label": "Karty",
  "memory.card.face_down": "Karta {number}, zakryta",
  "memory.card.face_up": "Karta {number}: {face}",
  "memory.card.matched": "Karta {number}: {face}, para znaleziona",
  "memory.float.points": "+{points}",
  "memory.face.apple": "jabłko",
  "memory.face.anchor": "kotwica",
  "memory.face.bell": "dzwonek",
  "memory.face.bolt": "błyskawica",
  "memory.face.cactus": "kaktus",
  "memory.face.cherry": "wiśnie",
  "memory.face.cloud": "chmura",
  "memory.face.crown": "korona",
  "memory.face.diamond": "diament",
  "memory.face.drum": "bęben",
  "memory.face.feather": "pióro",
  "memory.face.fish": "ryba",
  "memory.face.flower": "kwiat",
  "memory.face.gift": "prezent",
  "memory.face.heart": "serce",
  "memory.face.key": "klucz",
  "memory.face.kite": "latawiec",
  "memory.face.leaf": "liść",
  "memory.face.moon": "księżyc",
  "memory.face.mushroom": "grzyb",
  "memory.face.planet": "planeta",
  "memory.face.rocket": "rakieta",
  "memory.face.shell": "muszla",
  "memory.face.star": "gwiazda",

  // parcel
  "parcel.board.label":
    "Furgonetka: wiersz {row}, kolumna {col}, {count, plural, =0 {bez paczek} one {wiezie # paczkę} few {wiezie # paczki} many {wiezie # paczek} other {wiezie # paczki}}",
  "parcel.parcel.title": "Paczka {id}",
  "parcel.float.points": "+{points}",
  "parcel.float.fuel": "{amount, plural, one {+# paliwa} few {+# paliwa} many {+# paliwa} other {+# paliwa}}",
  "parcel.dpad.label": "Steruj furgonetką",
  "parcel.dpad.up": "W górę",
  "parcel.dpad.down": "W dół",
  "parcel.dpad.left": "W lewo",
  "parcel.dpad.right": "W prawo",

  // wheel
  "wheel.title.daily": "Codzienne koło",
  "wheel.title.site": "Koło nagród",
  "wheel.back": "Wróć do gier",
  "wheel.picture":
    "{count, plural, one {Koło nagród: # nagroda} few {Koło nagród: # nagrody} many {Koło nagród: # nagród} other {Koło nagród: # nagrody}}",
  "wheel.loading": "Ładowanie koła…",
  "wheel.load_failed": "Nie udało się wczytać koła. Sprawdź połączenie i spróbuj ponownie.",
  "wheel.status.free":
    "{count, plural, =1 {Masz dziś darmowy obrót!} one {Masz dziś # darmowy obrót!} few {Masz dziś # darmowe obroty!} many {Masz dziś # darmowych obrotów!} other {Masz dziś # darmowego obrotu!}}",
  "wheel.status.paid":
    "{cost, plural, one {Darmowe obroty wykorzystane. Zakręć za # bilet (masz {balance}).} few {Darmowe obroty wykorzystane. Zakręć za # bilety (masz {balance}).} many {Darmowe obroty wykorzystane. Zakręć za # biletów (masz {balance}).} other {Darmowe obroty wykorzystane. Zakręć za # biletu (masz {balance}).}}",
  "wheel.status.done": "To wszystko na dziś. Nowe obroty o {time}.",
  "wheel.button.spin": "Zakręć",
  "wheel.button.spin_free": "Zakręć za darmo",
  "wheel.button.spin_paid": "{cost, plural, one {Zakręć za # bilet} few {Zakręć za # bilety} many {Zakręć za # biletów} other {Zakręć za # biletu}}",
  "wheel.rules.summary": "Zasady i uczciwa gra",
  "wheel.rules.organiser":
    "{form, select, address_contact {Organizator: {name}, {address} · {contact}} address {Organizator: {name}, {address}} contact {Organizator: {name} · {contact}} other {Organizator: {name}}}",
  "wheel.rules.fairness":
    "Wynik każdego obrotu jest ustalony, zanim naciśniesz przycisk: twój następny obrót użyje tajnego ziarna, którego odcisk widzisz poniżej. Po obrocie ziarno zostanie ujawnione, aby każdy mógł to sprawdzić.",
  "wheel.rules.next_seed": "Odcisk następnego ziarna",
  "wheel.rules.last_seed": "Ziarno ostatniego obrotu",
  "wheel.result.won":
    "{count, plural, one {Wygrywasz! {resource}: #} few {Wygrywasz! {resource}: #} many {Wygrywasz! {resource}: #} other {Wygrywasz! {resource}: #}}",
  "wheel.result.nothing": "Tym razem bez nagrody",
  "wheel.result.earlier": "Z twojego ostatniego obrotu.",
  "wheel.result.in_balance": "Już jest na twoim koncie.",
  "wheel.result.better_luck": "Powodzenia przy następnym obrocie!",
  "wheel.result.collect": "Odbierz",
  "wheel.result.ok": "OK",
  "wheel.toast.updated": "Koło zostało właśnie zaktualizowane. Oto nowe!",
  "wheel.toast.spin_failed": "Koło się nie zakręciło. Spróbuj ponownie.",
  "wheel.error.insufficient_balance": "Brakuje ci biletów na kolejny obrót. Wygrywaj gry, aby je zdobyć.",
  "wheel.error.spins_exhausted": "To już wszystkie obroty na dziś. Wróć jutro!",
  "wheel.error.rate_limited": "Nie tak szybko! Spróbuj za chwilę.",
  "wheel.error.forbidden": "Zaloguj się na stronie, aby zakręcić kołem.",
  "wheel.error.closed": "Koło jest teraz nieczynne.",
  "wheel.error.economy_disabled": "Obroty za bilety są teraz wstrzymane.",

  // reward status (GET /v1/game-runs/{run_id}/reward `label`)
  "reward.status.pending": "Twoja nagroda jest w drodze",
  "reward.status.checking": "Twoja nagroda jest sprawdzana",
  "reward.status.delayed": "Twoja nagroda dotrze nieco później",
  "reward.status.confirmed": "Twoja nagroda została wysłana",
  "reward.status.unavailable": "Tej nagrody nie można przyznać",
  "reward.status.none": "Brak nagrody za tę grę",

  // what a new wheel starts with (the site's own text from then on)
  "wheel.default.rules": "Jeden darmowy obrót dziennie, kolejne kosztują bilety. Nagrody trafiają na konto od razu. Gdy dzienny budżet nagród się wyczerpie, nagroda może zostać zastąpiona polem „Jeszcze raz”.",
  "wheel.default.try_again": "Jeszcze raz",
  "wheel.default.so_close": "Prawie!",
  "wheel.default.tickets": "{count, plural, one {# bilet} few {# bilety} many {# biletów} other {# biletu}}",
  "wheel.default.coins": "{count, plural, one {# moneta} few {# monety} many {# monet} other {# monety}}",
};
