import type { TCatalogue } from "./en";

/*
 * Portuguese, Brazil (pt-BR) — the play shell's catalogue. Players are addressed as "você", the way
 * Brazilian shops and casual games speak to customers, with the usual imperative ("Toque", "Gire",
 * "Colete"); friendly and light ("Calma lá!", "Não foi dessa vez"), never slangy.
 * Plurals give one (0 and 1 in pt-BR), many (whole millions: "# de pontos") and other; where a
 * count can be 0 and "0 jogada" would read wrong, an exact =0 case is added.
 *
 * Glossary (English → Portuguese):
 *   level                → fase, fases ("Fase 3", "Jogar fase 3")
 *   run                  → partida / jogo (to players: "esta partida", "Último jogo")
 *   round (of the track) → rodada
 *   move(s)              → jogada, jogadas
 *   card flip(s)         → virada, viradas (verb: virar a carta); face up / down → aberta / virada para baixo
 *   mistake(s)           → erro, erros
 *   fuel                 → gasolina ("# de gasolina", "Acabou a gasolina")
 *   star(s)              → estrela, estrelas
 *   score / points       → Pontos (label), ponto/pontos; bonus points → pontos extras; bonus → bônus
 *   best / new best      → Recorde / Novo recorde!
 *   booster              → reforço, reforços
 *   tickets              → ticket, tickets (resource names come from the site as values, untranslated)
 *   coins                → moedas
 *   balance / wallet     → saldo
 *   prize wheel          → Roleta premiada (title); a roleta (in sentences)
 *   daily wheel          → Roleta diária
 *   spin (noun / verb)   → giro, giros / girar; free spin → giro grátis
 *   prize                → prêmio
 *   reward               → recompensa
 *   lobby                → Início (the games' home screen)
 *   sign in              → fazer login
 *   goal(s)              → objetivo, objetivos
 *   gem                  → joia, joias; stone block (blocker) → pedra
 *   board / cell / tile  → tabuleiro / casa / peça
 *   cascade              → combo
 *   shuffle              → embaralhar
 *   pair(s), card(s)     → par, pares; carta, cartas
 *   parcel, van, house   → pacote, van, casa
 *   seed, fingerprint    → semente, impressão digital (hash)
 *   Game titles: Gem Match → Combina Joias; Memory Pairs → Caça-Pares; Parcel Pilot → Piloto Expresso
 *   (translated like toy names, short enough for "Como jogar …")
 */
export const PT_BR: TCatalogue = {
  // common
  "common.list_separator": " · ",
  "common.sign_in_to_earn": "Faça login no site para ganhar recompensas ao vencer.",
  "common.sound.on": "Som ligado",
  "common.sound.off": "Som desligado",
  "common.sound.on_hint": "Som ligado: toque para silenciar",
  "common.sound.off_hint": "Som desligado: toque para ligar",
  "common.wallet_label": "Seu saldo",

  // shell
  "shell.loading": "Carregando…",
  "shell.waiting_for_sign_in": "Aguardando o site fazer seu login…",
  "shell.loading_games": "Carregando os jogos…",
  "shell.lobby_failed": "Não conseguimos carregar os jogos. Verifique sua conexão e tente de novo.",
  "shell.wheel_closed": "A roleta premiada está fechada no momento. Volte mais tarde!",
  "shell.run_ended": "Essa partida já terminou.",
  "shell.start_failed": "Não conseguimos iniciar o jogo. Tente de novo.",
  "shell.start_error.rate_limited": "Calma lá! Tente de novo daqui a pouco.",
  "shell.start_error.level_locked": "Essa fase ainda está bloqueada.",
  "shell.start_error.game_updated": "O jogo foi atualizado. Carregando a nova versão…",
  "shell.start_error.game_unavailable": "Este jogo está dando uma pausinha.",

  // lobby
  "lobby.eyebrow.play_and_win": "Jogue e ganhe",
  "lobby.eyebrow.play": "Jogue",
  "lobby.eyebrow.free_play": "Só diversão",
  "lobby.title_fallback": "Jogos",
  "lobby.track_complete":
    "{count, plural, =1 {Você completou a fase! Jogue mais e bata seu recorde.} one {Você completou todas as fases! Jogue mais e bata seu recorde.} many {Você completou as # de fases! Jogue mais e bata seu recorde.} other {Você completou as # fases! Jogue mais e bata seu recorde.}}",
  "lobby.level_badge": "Fase",
  "lobby.goals_label": "Objetivos",
  "lobby.play": "Jogar",
  "lobby.play_level": "Jogar fase {level}",
  "lobby.resume_level": "Continuar fase {level}",
  "lobby.start_over": "Recomeçar",
  "lobby.wheel.daily": "Roleta diária",
  "lobby.wheel.prize": "Roleta premiada",
  "lobby.wheel.spin_for_prizes": "Gire e ganhe prêmios",
  "lobby.wheel.prize_waiting": "Um prêmio espera por você",
  "lobby.wheel.free_spins_ready":
    "{count, plural, =1 {Seu giro grátis está pronto} one {# giro grátis disponível} many {# de giros grátis disponíveis} other {# giros grátis disponíveis}}",
  "lobby.wheel.spin_for_tickets": "Gire por {count, plural, one {# ticket} many {# de tickets} other {# tickets}}",
  "lobby.wheel.back_tomorrow": "Amanhã tem giros novos",
  "lobby.wheel.cta_spin": "Girar",
  "lobby.wheel.cta_reveal": "Revelar",
  "lobby.wheel.cta_look": "Ver",
  "lobby.progress.title": "Seu progresso",
  "lobby.progress.levels": "{done} / {total, plural, one {# fase} many {# de fases} other {# fases}}",
  "lobby.progress.bar_label": "Fases concluídas",
  "lobby.progress.round": "Rodada {round}",
  "lobby.levels.label": "Fases",
  "lobby.levels.level": "Fase {level}",
  "lobby.levels.level_stars": "Fase {level}: {stars} de três estrelas",
  "lobby.last_result": "Último jogo: fase {level} · {status}",
  "lobby.last_result_reward": "Último jogo: fase {level} · {status} · {reward}",
  "lobby.status.won": "Vitória",
  "lobby.status.lost": "Não foi dessa vez",
  "lobby.status.abandoned": "Saiu antes",
  "lobby.reward.pending": "recompensa a caminho",
  "lobby.reward.delayed": "recompensa atrasada",
  "lobby.reward.checking": "recompensa em análise",
  "lobby.reward.confirmed": "recompensa enviada",
  "lobby.reward.unavailable": "recompensa indisponível",
  "lobby.try_again": "Tentar de novo",

  // goals
  "goals.score": "Faça {count, plural, one {# ponto} many {# de pontos} other {# pontos}}",
  "goals.collect.red": "Colete {count, plural, one {# joia vermelha} many {# de joias vermelhas} other {# joias vermelhas}}",
  "goals.collect.blue": "Colete {count, plural, one {# joia azul} many {# de joias azuis} other {# joias azuis}}",
  "goals.collect.green": "Colete {count, plural, one {# joia verde} many {# de joias verdes} other {# joias verdes}}",
  "goals.collect.yellow": "Colete {count, plural, one {# joia amarela} many {# de joias amarelas} other {# joias amarelas}}",
  "goals.collect.purple": "Colete {count, plural, one {# joia roxa} many {# de joias roxas} other {# joias roxas}}",
  "goals.collect.orange": "Colete {count, plural, one {# joia laranja} many {# de joias laranja} other {# joias laranja}}",
  "goals.collect.named_colour":
    "Colete {count, plural, one {# joia da cor {colour}} many {# de joias da cor {colour}} other {# joias da cor {colour}}}",
  "goals.collect.any": "Colete {count, plural, one {# joia} many {# de joias} other {# joias}}",
  "goals.clear_blockers": "Quebre {count, plural, one {# pedra} many {# de pedras} other {# pedras}}",
  "goals.pairs": "Encontre {count, plural, one {# par} many {# de pares} other {# pares}}",
  "goals.deliveries": "Entregue {count, plural, one {# pacote} many {# de pacotes} other {# pacotes}}",
  "goals.other": "{goal}: {count}",
  "goals.limit.moves": "{count, plural, one {# jogada} many {# de jogadas} other {# jogadas}}",
  "goals.limit.fuel": "{count, plural, one {# de gasolina} many {# de gasolina} other {# de gasolina}}",
  "goals.limit.flips": "{count, plural, one {# virada} many {# de viradas} other {# viradas}}",
  "goals.limit.mistakes":
    "{count, plural, =0 {nenhum erro permitido} one {# erro permitido} many {# de erros permitidos} other {# erros permitidos}}",
  "goals.limit.board": "tabuleiro {rows}×{columns}",
  "goals.limit.cards": "{count, plural, one {# carta} many {# de cartas} other {# cartas}}",
  "goals.unavailable.mechanic_unavailable": "Este jogo está dando uma pausinha. Volte daqui a pouco!",
  "goals.unavailable.mode_not_allowed": "Os jogos não estão disponíveis agora.",
  "goals.unavailable.level_locked": "A próxima fase ainda está bloqueada.",

  // howto
  "howto.close": "Entendi, vamos jogar",
  "howto.match3.title": "Como jogar Combina Joias",
  "howto.match3.swap": "Troque duas joias vizinhas para alinhar três ou mais da mesma cor.",
  "howto.match3.clear": "As linhas somem e dão pontos; novas joias caem e podem formar combos.",
  "howto.match3.goals":
    "Cumpra os objetivos lá em cima antes que as jogadas acabem. Jogadas que sobrarem viram pontos extras e estrelas.",
  "howto.memory.title": "Como jogar Caça-Pares",
  "howto.memory.flip": "Toque numa carta para virá-la e depois toque em outra.",
  "howto.memory.pair": "Duas cartas iguais ficam abertas: é um par! Pares seguidos valem mais.",
  "howto.memory.miss":
    "Errou? As duas se fecham de novo: lembre-se de onde estavam. Erros e viradas são limitados; o que sobrar vira pontos extras.",
  "howto.parcel.title": "Como jogar Piloto Expresso",
  "howto.parcel.drive": "Use as setas, o teclado ou deslize o dedo para guiar a van pelas ruas. Prédios bloqueiam o caminho.",
  "howto.parcel.pick_up": "Passe por cima de um pacote para pegá-lo. A cor da fita mostra para onde ele vai.",
  "howto.parcel.deliver": "Leve-o até a casa com a porta da mesma cor. Cada passo gasta gasolina; o que sobrar vira pontos extras.",

  // hud
  "hud.back": "Voltar ao início",
  "hud.level": "Fase {level}",
  "hud.score": "Pontos",
  "hud.goals_label": "Objetivos",
  "hud.goal_progress": "{goal}: {progress} de {target}",
  "hud.counter.moves": "{count, plural, =0 {jogadas} one {jogada} many {jogadas} other {jogadas}}",
  "hud.counter.fuel": "{count, plural, one {gasolina} many {gasolina} other {gasolina}}",
  "hud.counter.mistakes": "{count, plural, =0 {erros restantes} one {erro restante} many {erros restantes} other {erros restantes}}",
  "hud.counter.flips": "{count, plural, =0 {viradas restantes} one {virada restante} many {viradas restantes} other {viradas restantes}}",

  // game
  "game.aim.prompt": "Toque numa peça para quebrar",
  "game.aim.cancel": "Cancelar",
  "game.toast.retry": "De novo",
  "game.toast.connection_problem": "Problema de conexão.",
  "game.toast.move_safe": "Problema de conexão. Sua jogada está salva.",
  "game.toast.slow_down": "Mais devagar…",
  "game.toast.booster_unusable": "Esse reforço não pode mais ser usado aqui.",
  "game.toast.ended": "Esta partida já terminou.",

  // games
  "launcher.games": "Jogos",
  "launcher.open": "Abrir jogos",
  "launcher.close": "Fechar jogos",
  "games.match3_v1.title": "Combina Joias",
  "games.memory_v1.title": "Caça-Pares",
  "games.parcel_pilot_v1.title": "Piloto Expresso",

  // refusal
  "refusal.out_of_bounds": "Isso está fora do tabuleiro",
  "refusal.run_finished": "Esta fase já terminou",
  "refusal.impossible": "Essa jogada não é possível",
  "refusal.fallback": "Assim não dá",
  "refusal.match3.no_match": "Nenhuma combinação aí",
  "refusal.match3.not_adjacent": "Troque joias vizinhas",
  "refusal.match3.blocked": "Pedras não se movem",
  "refusal.memory.already_open": "Essa carta já está aberta",
  "refusal.parcel.blocked": "Tem um prédio no caminho",
  "refusal.parcel.out_of_bounds": "A rua termina aqui",

  // result
  "result.title.won": "Fase {level} concluída!",
  "result.loss.out_of_moves": "Acabaram as jogadas",
  "result.loss.out_of_fuel": "Acabou a gasolina",
  "result.loss.too_many_mistakes": "Erros demais",
  "result.loss.out_of_flips": "Acabaram as viradas",
  "result.loss.expired": "O tempo acabou",
  "result.loss.fallback": "Foi por pouco!",
  "result.stars.label": "{stars} de {total} estrelas",
  "result.bonus.match3": "Bônus por jogadas restantes: +{bonus}",
  "result.bonus.memory": "Bônus por erros e viradas que sobraram: +{bonus}",
  "result.bonus.parcel": "Bônus por gasolina restante: +{bonus}",
  "result.bonus.other": "Bônus pelo que sobrou: +{bonus}",
  "result.score": "Pontos",
  "result.badge.new_best": "Novo recorde!",
  "result.badge.first_clear": "Primeira vez",
  "result.stat.best": "Recorde",
  "result.stat.levels": "Fases",
  "result.stat.levels_value": "{done}/{total}",
  "result.stat.round": "Rodada",
  "result.track_complete": "Incrível! Você venceu todas as fases.",
  "result.next_up": "A seguir: fase {level}",
  "result.button.play_level": "Jogar fase {level}",
  "result.button.continue": "Continuar",
  "result.button.try_again": "Tentar de novo",
  "result.button.lobby": "Início",
  "result.reward.pending": "Sua recompensa está a caminho.",
  "result.reward.checking": "Sua recompensa está em análise.",
  "result.reward.confirmed": "Sua recompensa foi enviada.",

  // booster
  "booster.tray.label": "Reforços",
  "booster.label.owned": "{name}: você tem {count}. Toque para usar.",
  "booster.label.confirm": "Comprar {name} por {price} {resource}? Toque de novo para comprar.",
  "booster.label.for_sale": "{name}: {description} Custa {price} {resource}.",
  "booster.badge.owned": "×{count}",
  "booster.badge.confirm": "Comprar?",
  "booster.toast.busy": "Espere o tabuleiro parar de se mexer.",
  "booster.toast.need": "Você precisa de {price} {resource} para {name}.",
  "booster.error.insufficient_balance": "Saldo insuficiente. Vença partidas ou gire a roleta para ganhar mais.",
  "booster.error.economy_disabled": "A loja está fechada no momento.",
  "booster.error.rate_limited": "Calma lá! Tente de novo daqui a pouco.",
  "booster.error.not_found": "Esse reforço não está mais à venda.",
  "booster.error.fallback": "Não conseguimos concluir a compra. Tente de novo.",

  // economy: Playloop's own resources and boosters, while the site has not renamed them
  "economy.resource.tickets": "tickets",
  "economy.resource.coins": "moedas",
  "economy.booster.gem_shuffle.name": "Embaralhar",
  "economy.booster.gem_shuffle.description": "Embaralhe o tabuleiro para novas combinações",
  "economy.booster.gem_hammer.name": "Martelo",
  "economy.booster.gem_hammer.description": "Quebre uma joia",
  "economy.booster.pairs_peek.name": "Espiadinha",
  "economy.booster.pairs_peek.description": "Veja todas as cartas por um instante",
  "economy.booster.van_fuel.name": "Mais gasolina",
  "economy.booster.van_fuel.description": "Gasolina para mais cinco jogadas",

  // match3
  "match3.board.label": "Tabuleiro",
  "match3.board.keyboard_label":
    "Tabuleiro, {rows} por {cols}. As setas movem, Enter seleciona uma joia e depois uma seta a troca de lugar. Esc cancela.",
  "match3.gem.red": "joia vermelha",
  "match3.gem.blue": "joia azul",
  "match3.gem.green": "joia verde",
  "match3.gem.yellow": "joia amarela",
  "match3.gem.purple": "joia roxa",
  "match3.gem.orange": "joia laranja",
  "match3.gem.named_colour": "joia da cor {colour}",
  "match3.tile.blocker": "pedra",
  "match3.float.points": "+{points}",
  "match3.float.cascade": "Combo ×{cascade}",
  "match3.float.shuffle": "Embaralhou!",
  "match3.sr.cell_gem": "{gem}, linha {row}, coluna {col}",
  "match3.sr.cell_gem_selected": "{gem}, linha {row}, coluna {col}, selecionada",
  "match3.sr.cell_blocker": "pedra, linha {row}, coluna {col}",
  "match3.sr.cell_empty": "casa vazia, linha {row}, coluna {col}",
  "match3.sr.selected": "Você selecionou a {gem}. Aperte uma seta para trocá-la.",
  "match3.sr.selection_cleared": "Seleção cancelada",
  "match3.sr.empty_cell": "Casa vazia",
  "match3.sr.blockers_cant_move": "Pedras não se movem",
  "match3.sr.edge": "Borda do tabuleiro",
  "match3.sr.refused.no_match": "Nenhuma combinação aí",
  "match3.sr.refused.not_adjacent": "Não é vizinha",
  "match3.sr.refused.other": "Não dá para trocar aí",
  "match3.sr.swapped": "Troca feita, {points, plural, one {+# ponto} many {+# de pontos} other {+# pontos}}",
  "match3.sr.swapped_moves":
    "Troca feita, {points, plural, one {+# ponto} many {+# de pontos} other {+# pontos}}. {moves, plural, =0 {Nenhuma jogada restante} one {Resta # jogada} many {Restam # de jogadas} other {Restam # jogadas}}",
  "match3.sr.swapped_cascade": "Troca feita, {points, plural, one {+# ponto} many {+# de pontos} other {+# pontos}}, combo ×{cascade}",
  "match3.sr.swapped_cascade_moves":
    "Troca feita, {points, plural, one {+# ponto} many {+# de pontos} other {+# pontos}}, combo ×{cascade}. {moves, plural, =0 {Nenhuma jogada restante} one {Resta # jogada} many {Restam # de jogadas} other {Restam # jogadas}}",
  "match3.sr.swapped_shuffled": "Troca feita, {points, plural, one {+# ponto} many {+# de pontos} other {+# pontos}}. Tabuleiro embaralhado",
  "match3.sr.swapped_shuffled_moves":
    "Troca feita, {points, plural, one {+# ponto} many {+# de pontos} other {+# pontos}}. Tabuleiro embaralhado. {moves, plural, =0 {Nenhuma jogada restante} one {Resta # jogada} many {Restam # de jogadas} other {Restam # jogadas}}",
  "match3.sr.swapped_cascade_shuffled":
    "Troca feita, {points, plural, one {+# ponto} many {+# de pontos} other {+# pontos}}, combo ×{cascade}. Tabuleiro embaralhado",
  "match3.sr.swapped_cascade_shuffled_moves":
    "Troca feita, {points, plural, one {+# ponto} many {+# de pontos} other {+# pontos}}, combo ×{cascade}. Tabuleiro embaralhado. {moves, plural, =0 {Nenhuma jogada restante} one {Resta # jogada} many {Restam # de jogadas} other {Restam # jogadas}}",

  // memory
  "memory.board.label": "Cartas",
  "memory.card.face_down": "Carta {number}, virada para baixo",
  "memory.card.face_up": "Carta {number}: {face}",
  "memory.card.matched": "Carta {number}: {face}, par encontrado",
  "memory.float.points": "+{points}",
  "memory.face.apple": "maçã",
  "memory.face.anchor": "âncora",
  "memory.face.bell": "sino",
  "memory.face.bolt": "raio",
  "memory.face.cactus": "cacto",
  "memory.face.cherry": "cerejas",
  "memory.face.cloud": "nuvem",
  "memory.face.crown": "coroa",
  "memory.face.diamond": "diamante",
  "memory.face.drum": "tambor",
  "memory.face.feather": "pena",
  "memory.face.fish": "peixe",
  "memory.face.flower": "flor",
  "memory.face.gift": "presente",
  "memory.face.heart": "coração",
  "memory.face.key": "chave",
  "memory.face.kite": "pipa",
  "memory.face.leaf": "folha",
  "memory.face.moon": "lua",
  "memory.face.mushroom": "cogumelo",
  "memory.face.planet": "planeta",
  "memory.face.rocket": "foguete",
  "memory.face.shell": "concha",
  "memory.face.star": "estrela",

  // parcel
  "parcel.board.label":
    "Van na linha {row}, coluna {col}, {count, plural, =0 {sem pacotes} one {com # pacote} many {com # de pacotes} other {com # pacotes}}",
  "parcel.parcel.title": "Pacote {id}",
  "parcel.float.points": "+{points}",
  "parcel.float.fuel": "{amount, plural, one {+# de gasolina} many {+# de gasolina} other {+# de gasolina}}",
  "parcel.dpad.label": "Dirigir a van",
  "parcel.dpad.up": "Para cima",
  "parcel.dpad.down": "Para baixo",
  "parcel.dpad.left": "Para a esquerda",
  "parcel.dpad.right": "Para a direita",

  // wheel
  "wheel.title.daily": "Roleta diária",
  "wheel.title.site": "Roleta premiada",
  "wheel.back": "Voltar aos jogos",
  "wheel.picture":
    "{count, plural, one {Roleta premiada com # prêmio} many {Roleta premiada com # de prêmios} other {Roleta premiada com # prêmios}}",
  "wheel.loading": "Carregando a roleta…",
  "wheel.load_failed": "Não conseguimos carregar a roleta. Verifique sua conexão e tente de novo.",
  "wheel.status.free":
    "{count, plural, =1 {Você tem um giro grátis hoje!} one {Você tem # giro grátis hoje!} many {Você tem # de giros grátis hoje!} other {Você tem # giros grátis hoje!}}",
  "wheel.status.paid":
    "{cost, plural, one {Os giros grátis acabaram. Gire de novo por # ticket (você tem {balance}).} many {Os giros grátis acabaram. Gire de novo por # de tickets (você tem {balance}).} other {Os giros grátis acabaram. Gire de novo por # tickets (você tem {balance}).}}",
  "wheel.status.done": "Por hoje é só. Novos giros às {time}.",
  "wheel.button.spin": "Girar",
  "wheel.button.spin_free": "Girar grátis",
  "wheel.button.spin_paid": "{cost, plural, one {Girar por # ticket} many {Girar por # de tickets} other {Girar por # tickets}}",
  "wheel.rules.summary": "Regras e jogo limpo",
  "wheel.rules.organiser":
    "{form, select, address_contact {Organizado por {name}, {address} · {contact}} address {Organizado por {name}, {address}} contact {Organizado por {name} · {contact}} other {Organizado por {name}}}",
  "wheel.rules.fairness":
    "Cada giro é definido antes de você apertar: seu próximo giro usa a semente secreta cuja impressão digital (hash) aparece abaixo. Depois do giro, a semente é revelada para que qualquer pessoa possa conferir.",
  "wheel.rules.next_seed": "Hash da próxima semente",
  "wheel.rules.last_seed": "Semente do último giro",
  "wheel.result.won": "{count, plural, one {Você ganhou # × {resource}!} many {Você ganhou # de {resource}!} other {Você ganhou # {resource}!}}",
  "wheel.result.nothing": "Sem prêmio dessa vez",
  "wheel.result.earlier": "Do seu último giro.",
  "wheel.result.in_balance": "Já está no seu saldo.",
  "wheel.result.better_luck": "Boa sorte no próximo giro!",
  "wheel.result.collect": "Coletar",
  "wheel.result.ok": "OK",
  "wheel.toast.updated": "A roleta acabou de ser atualizada. Confira a nova!",
  "wheel.toast.spin_failed": "A roleta não girou. Tente de novo.",
  "wheel.error.insufficient_balance": "Faltam tickets para outro giro. Vença partidas para ganhar mais.",
  "wheel.error.spins_exhausted": "Acabaram os giros de hoje. Volte amanhã!",
  "wheel.error.rate_limited": "Calma lá! Tente de novo daqui a pouco.",
  "wheel.error.forbidden": "Faça login no site para girar a roleta.",
  "wheel.error.closed": "A roleta está fechada no momento.",
  "wheel.error.economy_disabled": "Giros com tickets estão pausados no momento.",

  // reward status (GET /v1/game-runs/{run_id}/reward `label`)
  "reward.status.pending": "Sua recompensa está a caminho",
  "reward.status.checking": "Sua recompensa está em análise",
  "reward.status.delayed": "Sua recompensa vai chegar um pouco mais tarde",
  "reward.status.confirmed": "Sua recompensa foi enviada",
  "reward.status.unavailable": "Não é possível conceder esta recompensa",
  "reward.status.none": "Esta partida não tem recompensa",

  // what a new wheel starts with (the site's own text from then on)
  "wheel.default.rules": "Um giro grátis por dia; os demais custam tickets. Os prêmios são creditados na hora. Quando o orçamento de prêmios do dia acaba, um prêmio pode ser trocado por “De novo”.",
  "wheel.default.try_again": "De novo",
  "wheel.default.so_close": "Quase!",
  "wheel.default.tickets": "{count, plural, one {# ticket} many {# de tickets} other {# tickets}}",
  "wheel.default.coins": "{count, plural, one {# moeda} many {# de moedas} other {# moedas}}",
};
