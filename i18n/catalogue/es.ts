import type { TCatalogue } from "./en";

/*
 * Spanish (es) — the play shell’s catalogue, in neutral Spanish readable in Spain and Latin America.
 * Players are addressed informally ("tú"), as shops and casual games do in both markets; never
 * "vosotros" or "vos". Regional words are avoided (no coger, conducir/manejar, móvil/celular,
 * pulsar); taps are "toca", keys "presiona". Where a recent past splits the regions (has ganado /
 * ganaste) the text uses the present or a participle instead ("¡Te llevas…!", "¡Nivel superado!").
 * Plurals give one (exactly 1), many (whole millions: "# de puntos") and other.
 *
 * Glossary (English → Spanish):
 *   level                → nivel, niveles; level complete → ¡Nivel … superado!
 *   run                  → partida (to players; "esta partida", "última partida")
 *   game (kind of game)  → juego; win games → gana partidas
 *   round (of the track) → ronda
 *   track                → todos los niveles (never a word of its own)
 *   move(s)              → jugada, jugadas (short enough for the header counter)
 *   card flip(s)         → voltear (verb), volteo, volteos (noun)
 *   mistake(s)           → error, errores
 *   fuel                 → gasolina ("# de gasolina", "+# gasolina")
 *   star(s)              → estrella, estrellas
 *   score / points       → Puntos (label), punto/puntos; best score → récord; new best → ¡Récord!
 *   bonus / bonus points → bonus / puntos extra
 *   booster              → potenciador, potenciadores
 *   tickets              → tickets (resource names come from the site as values, untranslated)
 *   coins                → monedas
 *   balance / wallet     → saldo ("Tu saldo")
 *   prize wheel          → ruleta de premios; daily wheel → ruleta diaria; the wheel → la ruleta
 *   spin (noun / verb)   → giro, giros / girar ("Girar", "Gira"); free spin → giro gratis
 *   prize                → premio
 *   reward               → recompensa
 *   lobby                → menú ("Volver al menú", button "Menú")
 *   goal(s)              → objetivo, objetivos
 *   gem                  → gema, gemas; stone block (blocker) → piedra
 *   board / cell / tile  → tablero / casilla / pieza
 *   cascade              → combo
 *   shuffle              → mezclar ("¡Mezclando!", "Tablero mezclado")
 *   pair(s), card(s)     → pareja, parejas; carta, cartas
 *   parcel, van, house   → paquete, camioneta, casa
 *   sign in              → iniciar sesión
 *   seed, fingerprint    → semilla, huella
 *   Game titles: Gem Match → Gem Match (kept as a brand, as in German: "gem" reads as "gema");
 *                Memory Pairs → Busca parejas; Parcel Pilot → Reparto exprés
 */
export const ES: TCatalogue = {
  // common
  "common.list_separator": " · ",
  "common.sign_in_to_earn": "Inicia sesión aquí y llévate recompensas al ganar.",
  "common.sound.on": "Sonido activado",
  "common.sound.off": "Sonido desactivado",
  "common.sound.on_hint": "Sonido: toca para silenciar",
  "common.sound.off_hint": "Sin sonido: toca para activar",
  "common.wallet_label": "Tu saldo",

  // shell
  "shell.loading": "Cargando…",
  "shell.waiting_for_sign_in": "El sitio está iniciando tu sesión…",
  "shell.loading_games": "Cargando juegos…",
  "shell.lobby_failed": "No se pudieron cargar los juegos. Revisa tu conexión y prueba de nuevo.",
  "shell.wheel_closed": "La ruleta de premios no está disponible ahora. Vuelve más tarde.",
  "shell.run_ended": "Esa partida ya ha terminado.",
  "shell.start_failed": "No se pudo iniciar la partida. Inténtalo de nuevo.",
  "shell.start_error.rate_limited": "¡Con calma! Prueba de nuevo enseguida.",
  "shell.start_error.level_locked": "Ese nivel aún está bloqueado.",
  "shell.start_error.game_updated": "Juego actualizado. Cargando la nueva versión…",
  "shell.start_error.game_unavailable": "Este juego se está tomando un descanso.",

  // lobby
  "lobby.eyebrow.play_and_win": "Juega y gana",
  "lobby.eyebrow.play": "Juega",
  "lobby.eyebrow.free_play": "Por diversión",
  "lobby.title_fallback": "Juegos",
  "lobby.track_complete":
    "{count, plural, =1 {¡Nivel superado! Sigue jugando y bate tu récord.} one {¡Nivel superado! Sigue jugando y bate tu récord.} many {¡Superados los # de niveles! Sigue jugando y bate tu récord.} other {¡Superados los # niveles! Sigue jugando y bate tu récord.}}",
  "lobby.level_badge": "Nivel",
  "lobby.goals_label": "Objetivos",
  "lobby.play": "Jugar",
  "lobby.play_level": "Jugar nivel {level}",
  "lobby.resume_level": "Seguir nivel {level}",
  "lobby.start_over": "Reiniciar",
  "lobby.wheel.daily": "Ruleta diaria",
  "lobby.wheel.prize": "Ruleta de premios",
  "lobby.wheel.spin_for_prizes": "Gira y gana premios",
  "lobby.wheel.prize_waiting": "¡Un premio te espera!",
  "lobby.wheel.free_spins_ready":
    "{count, plural, =1 {Tu giro gratis está listo} one {# giro gratis listo} many {# de giros gratis listos} other {# giros gratis listos}}",
  "lobby.wheel.spin_for_tickets": "Gira por {count, plural, one {# ticket} many {# de tickets} other {# tickets}}",
  "lobby.wheel.back_tomorrow": "Mañana hay giros nuevos",
  "lobby.wheel.cta_spin": "Girar",
  "lobby.wheel.cta_reveal": "Revelar",
  "lobby.wheel.cta_look": "Ver",
  "lobby.progress.title": "Tu progreso",
  "lobby.progress.levels": "{done} / {total, plural, one {# nivel} many {# de niveles} other {# niveles}}",
  "lobby.progress.bar_label": "Niveles completados",
  "lobby.progress.round": "Ronda {round}",
  "lobby.levels.label": "Niveles",
  "lobby.levels.level": "Nivel {level}",
  "lobby.levels.level_stars": "Nivel {level}: {stars} de tres estrellas",
  "lobby.last_result": "Última partida: nivel {level} · {status}",
  "lobby.last_result_reward": "Última partida: nivel {level} · {status} · {reward}",
  "lobby.status.won": "Ganada",
  "lobby.status.lost": "Esta vez no",
  "lobby.status.abandoned": "Sin terminar",
  "lobby.reward.pending": "recompensa en camino",
  "lobby.reward.delayed": "recompensa con retraso",
  "lobby.reward.checking": "recompensa en revisión",
  "lobby.reward.confirmed": "recompensa enviada",
  "lobby.reward.unavailable": "sin recompensa",
  "lobby.try_again": "Reintentar",

  // goals
  "goals.score": "Consigue {count, plural, one {# punto} many {# de puntos} other {# puntos}}",
  "goals.collect.red": "Reúne {count, plural, one {# gema roja} many {# de gemas rojas} other {# gemas rojas}}",
  "goals.collect.blue": "Reúne {count, plural, one {# gema azul} many {# de gemas azules} other {# gemas azules}}",
  "goals.collect.green": "Reúne {count, plural, one {# gema verde} many {# de gemas verdes} other {# gemas verdes}}",
  "goals.collect.yellow": "Reúne {count, plural, one {# gema amarilla} many {# de gemas amarillas} other {# gemas amarillas}}",
  "goals.collect.purple": "Reúne {count, plural, one {# gema morada} many {# de gemas moradas} other {# gemas moradas}}",
  "goals.collect.orange": "Reúne {count, plural, one {# gema naranja} many {# de gemas naranjas} other {# gemas naranjas}}",
  "goals.collect.named_colour": "Reúne {count, plural, one {# gema color {colour}} many {# de gemas color {colour}} other {# gemas color {colour}}}",
  "goals.collect.any": "Reúne {count, plural, one {# gema} many {# de gemas} other {# gemas}}",
  "goals.clear_blockers": "Rompe {count, plural, one {# piedra} many {# de piedras} other {# piedras}}",
  "goals.pairs": "Encuentra {count, plural, one {# pareja} many {# de parejas} other {# parejas}}",
  "goals.deliveries": "Entrega {count, plural, one {# paquete} many {# de paquetes} other {# paquetes}}",
  "goals.other": "{goal}: {count}",
  "goals.limit.moves": "{count, plural, one {# jugada} many {# de jugadas} other {# jugadas}}",
  "goals.limit.fuel": "{count, plural, one {# de gasolina} many {# de gasolina} other {# de gasolina}}",
  "goals.limit.flips": "{count, plural, one {# volteo} many {# de volteos} other {# volteos}}",
  "goals.limit.mistakes": "{count, plural, one {# error permitido} many {# de errores permitidos} other {# errores permitidos}}",
  "goals.limit.board": "tablero de {rows}×{columns}",
  "goals.limit.cards": "{count, plural, one {# carta} many {# de cartas} other {# cartas}}",
  "goals.unavailable.mechanic_unavailable": "Este juego se está tomando un descanso. Vuelve pronto.",
  "goals.unavailable.mode_not_allowed": "Los juegos no están disponibles ahora.",
  "goals.unavailable.level_locked": "El siguiente nivel aún está bloqueado.",

  // howto
  "howto.close": "¡Entendido, a jugar!",
  "howto.match3.title": "Cómo jugar a Gem Match",
  "howto.match3.swap": "Intercambia dos gemas vecinas para alinear tres o más del mismo color.",
  "howto.match3.clear": "Cada línea suma puntos. Caen gemas nuevas que pueden hacer combos.",
  "howto.match3.goals": "Cumple los objetivos de arriba antes de agotar tus jugadas. Las que te sobren dan puntos extra y estrellas.",
  "howto.memory.title": "Cómo jugar a Busca parejas",
  "howto.memory.flip": "Toca una carta para voltearla y luego toca otra.",
  "howto.memory.pair": "Dos iguales quedan abiertas: ¡pareja! Las parejas seguidas suman más.",
  "howto.memory.miss":
    "Si fallas, se vuelven a tapar: recuerda dónde estaban. Errores y volteos son limitados; lo que ahorres da puntos extra.",
  "howto.parcel.title": "Cómo jugar a Reparto exprés",
  "howto.parcel.drive": "Guía la camioneta por las calles con flechas, teclado o deslizando. Los edificios cortan el paso.",
  "howto.parcel.pick_up": "Pasa sobre un paquete para recogerlo. El color de su cinta indica adónde va.",
  "howto.parcel.deliver": "Llévalo a la casa con la puerta del mismo color. Cada paso gasta gasolina; la que sobre da puntos extra.",

  // hud
  "hud.back": "Volver al menú",
  "hud.level": "Nivel {level}",
  "hud.score": "Puntos",
  "hud.goals_label": "Objetivos",
  "hud.goal_progress": "{goal}: {progress} de {target}",
  "hud.counter.moves": "{count, plural, one {jugada} many {jugadas} other {jugadas}}",
  "hud.counter.fuel": "{count, plural, one {gasolina} many {gasolina} other {gasolina}}",
  "hud.counter.mistakes": "{count, plural, one {error restante} many {errores restantes} other {errores restantes}}",
  "hud.counter.flips": "{count, plural, one {volteo restante} many {volteos restantes} other {volteos restantes}}",

  // game
  "game.aim.prompt": "Toca una pieza para romperla",
  "game.aim.cancel": "Cancelar",
  "game.toast.retry": "Reintentar",
  "game.toast.connection_problem": "Problema de conexión.",
  "game.toast.move_safe": "Problema de conexión. Tu jugada está a salvo.",
  "game.toast.slow_down": "Ve un poco más despacio…",
  "game.toast.booster_unusable": "Ese potenciador ya no se puede usar aquí.",
  "game.toast.ended": "Esta partida ha terminado.",

  // games
  "launcher.games": "Juegos",
  "launcher.open": "Abrir juegos",
  "launcher.close": "Cerrar juegos",
  "games.match3_v1.title": "Gem Match",
  "games.memory_v1.title": "Busca parejas",
  "games.parcel_pilot_v1.title": "Reparto exprés",

  // refusal
  "refusal.out_of_bounds": "Eso está fuera del tablero",
  "refusal.run_finished": "Este nivel ha terminado",
  "refusal.impossible": "Esa jugada no es posible",
  "refusal.fallback": "Así no",
  "refusal.match3.no_match": "Ahí no hay combinación",
  "refusal.match3.not_adjacent": "Intercambia gemas vecinas",
  "refusal.match3.blocked": "Las piedras no se mueven",
  "refusal.memory.already_open": "Esa carta ya está boca arriba",
  "refusal.parcel.blocked": "Un edificio bloquea el paso",
  "refusal.parcel.out_of_bounds": "Aquí se acaba la calle",

  // result
  "result.title.won": "¡Nivel {level} superado!",
  "result.loss.out_of_moves": "Sin jugadas",
  "result.loss.out_of_fuel": "Sin gasolina",
  "result.loss.too_many_mistakes": "Demasiados errores",
  "result.loss.out_of_flips": "Sin volteos",
  "result.loss.expired": "Tiempo agotado",
  "result.loss.fallback": "¡Por poco!",
  "result.stars.label": "{stars} de {total} estrellas",
  "result.bonus.match3": "Bonus por jugadas sobrantes: +{bonus}",
  "result.bonus.memory": "Bonus por errores y volteos ahorrados: +{bonus}",
  "result.bonus.parcel": "Bonus por gasolina sobrante: +{bonus}",
  "result.bonus.other": "Bonus por recursos sin usar: +{bonus}",
  "result.score": "Puntos",
  "result.badge.new_best": "¡Récord!",
  "result.badge.first_clear": "Primera vez",
  "result.stat.best": "Récord",
  "result.stat.levels": "Niveles",
  "result.stat.levels_value": "{done}/{total}",
  "result.stat.round": "Ronda",
  "result.track_complete": "¡Increíble! Todos los niveles superados.",
  "result.next_up": "Siguiente: nivel {level}",
  "result.button.play_level": "Jugar nivel {level}",
  "result.button.continue": "Continuar",
  "result.button.try_again": "Reintentar",
  "result.button.lobby": "Menú",
  "result.reward.pending": "Tu recompensa está en camino.",
  "result.reward.checking": "Tu recompensa está en revisión.",
  "result.reward.confirmed": "Tu recompensa ha sido enviada.",

  // booster
  "booster.tray.label": "Potenciadores",
  "booster.label.owned": "{name}: tienes {count}. Toca para usar.",
  "booster.label.confirm": "¿Comprar {name} por {price} {resource}? Toca otra vez para comprar.",
  "booster.label.for_sale": "{name}: {description} Cuesta {price} {resource}.",
  "booster.badge.owned": "×{count}",
  "booster.badge.confirm": "¿Comprar?",
  "booster.toast.busy": "Un momento, el tablero aún se mueve.",
  "booster.toast.need": "Necesitas {price} {resource} para {name}.",
  "booster.error.insufficient_balance": "Te falta saldo. Gana partidas o gira la ruleta para conseguir más.",
  "booster.error.economy_disabled": "La tienda está cerrada por ahora.",
  "booster.error.rate_limited": "¡Con calma! Prueba de nuevo enseguida.",
  "booster.error.not_found": "Ese potenciador ya no está a la venta.",
  "booster.error.fallback": "No se pudo completar la compra. Inténtalo de nuevo.",

  // economy: Playloop's own resources and boosters, while the site has not renamed them
  "economy.resource.tickets": "tickets",
  "economy.resource.coins": "monedas",
  "economy.booster.gem_shuffle.name": "Mezclar",
  "economy.booster.gem_shuffle.description": "Mezcla el tablero para nuevas combinaciones",
  "economy.booster.gem_hammer.name": "Martillo",
  "economy.booster.gem_hammer.description": "Rompe una gema",
  "economy.booster.pairs_peek.name": "Vistazo",
  "economy.booster.pairs_peek.description": "Mira todas las cartas un momento",
  "economy.booster.van_fuel.name": "Más gasolina",
  "economy.booster.van_fuel.description": "Cinco jugadas más de gasolina",

  // match3
  "match3.board.label": "Tablero de juego",
  "match3.board.keyboard_label":
    "Tablero de juego, {rows} por {cols}. Las flechas mueven, Enter selecciona una gema y luego una flecha la intercambia. Escape cancela.",
  "match3.gem.red": "gema roja",
  "match3.gem.blue": "gema azul",
  "match3.gem.green": "gema verde",
  "match3.gem.yellow": "gema amarilla",
  "match3.gem.purple": "gema morada",
  "match3.gem.orange": "gema naranja",
  "match3.gem.named_colour": "gema color {colour}",
  "match3.tile.blocker": "piedra",
  "match3.float.points": "+{points}",
  "match3.float.cascade": "Combo ×{cascade}",
  "match3.float.shuffle": "¡Mezclando!",
  "match3.sr.cell_gem": "{gem}, fila {row}, columna {col}",
  "match3.sr.cell_gem_selected": "{gem}, fila {row}, columna {col}, seleccionada",
  "match3.sr.cell_blocker": "piedra, fila {row}, columna {col}",
  "match3.sr.cell_empty": "casilla vacía, fila {row}, columna {col}",
  "match3.sr.selected": "Seleccionada: {gem}. Presiona una flecha para intercambiarla.",
  "match3.sr.selection_cleared": "Selección cancelada",
  "match3.sr.empty_cell": "Casilla vacía",
  "match3.sr.blockers_cant_move": "Las piedras no se mueven",
  "match3.sr.edge": "Borde del tablero",
  "match3.sr.refused.no_match": "Ahí no hay combinación",
  "match3.sr.refused.not_adjacent": "No son vecinas",
  "match3.sr.refused.other": "No se puede intercambiar ahí",
  "match3.sr.swapped": "Intercambiadas, {points, plural, one {+# punto} many {+# de puntos} other {+# puntos}}",
  "match3.sr.swapped_moves":
    "Intercambiadas, {points, plural, one {+# punto} many {+# de puntos} other {+# puntos}}. {moves, plural, one {Queda # jugada} many {Quedan # de jugadas} other {Quedan # jugadas}}",
  "match3.sr.swapped_cascade": "Intercambiadas, {points, plural, one {+# punto} many {+# de puntos} other {+# puntos}}, combo ×{cascade}",
  "match3.sr.swapped_cascade_moves":
    "Intercambiadas, {points, plural, one {+# punto} many {+# de puntos} other {+# puntos}}, combo ×{cascade}. {moves, plural, one {Queda # jugada} many {Quedan # de jugadas} other {Quedan # jugadas}}",
  "match3.sr.swapped_shuffled": "Intercambiadas, {points, plural, one {+# punto} many {+# de puntos} other {+# puntos}}. Tablero mezclado",
  "match3.sr.swapped_shuffled_moves":
    "Intercambiadas, {points, plural, one {+# punto} many {+# de puntos} other {+# puntos}}. Tablero mezclado. {moves, plural, one {Queda # jugada} many {Quedan # de jugadas} other {Quedan # jugadas}}",
  "match3.sr.swapped_cascade_shuffled":
    "Intercambiadas, {points, plural, one {+# punto} many {+# de puntos} other {+# puntos}}, combo ×{cascade}. Tablero mezclado",
  "match3.sr.swapped_cascade_shuffled_moves":
    "Intercambiadas, {points, plural, one {+# punto} many {+# de puntos} other {+# puntos}}, combo ×{cascade}. Tablero mezclado. {moves, plural, one {Queda # jugada} many {Quedan # de jugadas} other {Quedan # jugadas}}",

  // memory
  "memory.board.label": "Cartas",
  "memory.card.face_down": "Carta {number}, boca abajo",
  "memory.card.face_up": "Carta {number}: {face}",
  "memory.card.matched": "Carta {number}: {face}, emparejada",
  "memory.float.points": "+{points}",
  "memory.face.apple": "manzana",
  "memory.face.anchor": "ancla",
  "memory.face.bell": "campana",
  "memory.face.bolt": "rayo",
  "memory.face.cactus": "cactus",
  "memory.face.cherry": "cerezas",
  "memory.face.cloud": "nube",
  "memory.face.crown": "corona",
  "memory.face.diamond": "diamante",
  "memory.face.drum": "tambor",
  "memory.face.feather": "pluma",
  "memory.face.fish": "pez",
  "memory.face.flower": "flor",
  "memory.face.gift": "regalo",
  "memory.face.heart": "corazón",
  "memory.face.key": "llave",
  "memory.face.kite": "cometa",
  "memory.face.leaf": "hoja",
  "memory.face.moon": "luna",
  "memory.face.mushroom": "champiñón",
  "memory.face.planet": "planeta",
  "memory.face.rocket": "cohete",
  "memory.face.shell": "caracola",
  "memory.face.star": "estrella",

  // parcel
  "parcel.board.label":
    "Camioneta en la fila {row}, columna {col}, {count, plural, =0 {sin paquetes} one {con # paquete} many {con # de paquetes} other {con # paquetes}}",
  "parcel.parcel.title": "Paquete {id}",
  "parcel.float.points": "+{points}",
  "parcel.float.fuel": "{amount, plural, one {+# gasolina} many {+# de gasolina} other {+# gasolina}}",
  "parcel.dpad.label": "Mover la camioneta",
  "parcel.dpad.up": "Arriba",
  "parcel.dpad.down": "Abajo",
  "parcel.dpad.left": "Izquierda",
  "parcel.dpad.right": "Derecha",

  // wheel
  "wheel.title.daily": "Ruleta diaria",
  "wheel.title.site": "Ruleta de premios",
  "wheel.back": "Volver a los juegos",
  "wheel.picture":
    "{count, plural, one {Ruleta de premios con # premio} many {Ruleta de premios con # de premios} other {Ruleta de premios con # premios}}",
  "wheel.loading": "Cargando la ruleta…",
  "wheel.load_failed": "No se pudo cargar la ruleta. Revisa tu conexión y prueba de nuevo.",
  "wheel.status.free":
    "{count, plural, =1 {¡Hoy tienes un giro gratis!} one {¡Hoy tienes # giro gratis!} many {¡Hoy tienes # de giros gratis!} other {¡Hoy tienes # giros gratis!}}",
  "wheel.status.paid":
    "{cost, plural, one {Giros gratis agotados. Gira otra vez por # ticket (tienes {balance}).} many {Giros gratis agotados. Gira otra vez por # de tickets (tienes {balance}).} other {Giros gratis agotados. Gira otra vez por # tickets (tienes {balance}).}}",
  "wheel.status.done": "Eso es todo por hoy. Nuevos giros desde las {time}.",
  "wheel.button.spin": "Girar",
  "wheel.button.spin_free": "Girar gratis",
  "wheel.button.spin_paid": "{cost, plural, one {Girar por # ticket} many {Girar por # de tickets} other {Girar por # tickets}}",
  "wheel.rules.summary": "Reglas y juego limpio",
  "wheel.rules.organiser":
    "{form, select, address_contact {Organizado por {name}, {address} · {contact}} address {Organizado por {name}, {address}} contact {Organizado por {name} · {contact}} other {Organizado por {name}}}",
  "wheel.rules.fairness":
    "Cada giro queda decidido antes de que toques el botón: tu próximo giro usa la semilla secreta cuya huella ves abajo. Después del giro, la semilla se revela para que cualquiera pueda comprobarlo.",
  "wheel.rules.next_seed": "Próxima semilla (huella)",
  "wheel.rules.last_seed": "Semilla del último giro",
  "wheel.result.won":
    "{count, plural, one {¡Te llevas # × {resource}!} many {¡Te llevas # × {resource}!} other {¡Te llevas # {resource}!}}",
  "wheel.result.nothing": "Sin premio esta vez",
  "wheel.result.earlier": "De tu último giro.",
  "wheel.result.in_balance": "Ya está en tu saldo.",
  "wheel.result.better_luck": "Más suerte en el próximo giro.",
  "wheel.result.collect": "Recoger",
  "wheel.result.ok": "OK",
  "wheel.toast.updated": "La ruleta se acaba de actualizar. ¡Aquí tienes la nueva!",
  "wheel.toast.spin_failed": "La ruleta no giró. Inténtalo de nuevo.",
  "wheel.error.insufficient_balance": "Necesitas más tickets para otro giro. Gana partidas para conseguirlos.",
  "wheel.error.spins_exhausted": "Ya no quedan giros por hoy. ¡Vuelve mañana!",
  "wheel.error.rate_limited": "¡Con calma! Prueba de nuevo enseguida.",
  "wheel.error.forbidden": "Inicia sesión en el sitio para girar la ruleta.",
  "wheel.error.closed": "La ruleta está cerrada por ahora.",
  "wheel.error.economy_disabled": "Los giros con tickets están en pausa por ahora.",

  // reward status (GET /v1/game-runs/{run_id}/reward `label`)
  "reward.status.pending": "Tu recompensa está en camino",
  "reward.status.checking": "Tu recompensa está en revisión",
  "reward.status.delayed": "Tu recompensa llegará un poco más tarde",
  "reward.status.confirmed": "Tu recompensa ha sido enviada",
  "reward.status.unavailable": "No se puede entregar esta recompensa",
  "reward.status.none": "Esta partida no tiene recompensa",

  // what a new wheel starts with (the site's own text from then on)
  "wheel.default.rules": "Un giro gratis al día; los demás cuestan tickets. Los premios se abonan al momento. Cuando se agota el presupuesto de premios del día, un premio puede cambiarse por «¡Otra vez!».",
  "wheel.default.try_again": "¡Otra vez!",
  "wheel.default.so_close": "¡Casi!",
  "wheel.default.tickets": "{count, plural, one {# ticket} many {# de tickets} other {# tickets}}",
  "wheel.default.coins": "{count, plural, one {# moneda} many {# de monedas} other {# monedas}}",
};
