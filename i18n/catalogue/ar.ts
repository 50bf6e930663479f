import type { TCatalogue } from "./en";

/**
 * The play shell in Arabic (Modern Standard Arabic, as Gulf and Egyptian shops write it), right to left.
 * Plurals give all six categories: zero (لا … where an amount is had or left; a target or price keeps
 * # and the singular, a price of 0 says مجانًا), one (singular, often with واحد/واحدة), two (dual, in the
 * case the sentence needs), few 3–10 (plural), many 11–99 (singular, accusative: طردًا، حجرًا، زوجًا),
 * other 100+ (singular, genitive). No digits are written as text: numbers come from values (Intl).
 *
 * Glossary (English → Arabic):
 *   level → المرحلة (مرحلة، مرحلتان، مراحل)
 *   run (one attempt at a level) → اللعبة / المحاولة in player text ("آخر لعبة")
 *   round (playing the whole track again) → الجولة
 *   move(s) → حركة، حركات
 *   star(s) → نجمة، نجوم
 *   score (label) → النقاط; points → نقطة، نقاط; bonus points → نقاط إضافية
 *   booster → معزِّز، معزِّزات
 *   tickets → تذكرة، تذاكر; coins → عملات (resource names are site values, left as given)
 *   prize wheel → عجلة الجوائز; daily wheel → العجلة اليومية; the wheel → العجلة
 *   spin (noun) → لفّة، لفّات; spin (verb, button) → أدِر (العجلة)
 *   reward → مكافأة، مكافآت; prize → جائزة، جوائز
 *   lobby → الرئيسية (the games' home screen)
 *   balance / wallet → رصيدك
 *   gem → جوهرة، جواهر; stone block / blocker → حجر، أحجار; cascade → سلسلة; shuffle → خلط
 *   pair → زوج، أزواج; card → بطاقة، بطاقات; flip → قلبة، قلبات; mistake → خطأ، أخطاء
 *   parcel → طرد، طرود; van → سيارة التوصيل / السيارة; fuel → وقود (units: وحدة وقود)
 *   board → اللوحة; tile / cell → خانة; tap → اضغط; sign in → سجّل دخولك
 *   seed → البذرة; fingerprint (hash) → البصمة
 *   Game names: Gem Match → مطابقة الجواهر; Memory Pairs → تحدي الذاكرة; Parcel Pilot → كابتن التوصيل
 */
export const AR: TCatalogue = {
  // common
  "common.list_separator": " · ",
  "common.sign_in_to_earn": "سجّل دخولك في هذا الموقع لتربح مكافآت عند الفوز.",
  "common.sound.on": "الصوت مُفعّل",
  "common.sound.off": "الصوت مكتوم",
  "common.sound.on_hint": "الصوت مُفعّل: اضغط لكتمه",
  "common.sound.off_hint": "الصوت مكتوم: اضغط لتشغيله",
  "common.wallet_label": "رصيدك",

  // shell
  "shell.loading": "جارٍ التحميل…",
  "shell.waiting_for_sign_in": "بانتظار تسجيل دخولك من الموقع…",
  "shell.loading_games": "جارٍ تحميل الألعاب…",
  "shell.lobby_failed": "تعذّر تحميل الألعاب. تحقّق من اتصالك وحاول مرة أخرى.",
  "shell.wheel_closed": "عجلة الجوائز غير متاحة حاليًا. يُرجى العودة لاحقًا.",
  "shell.run_ended": "انتهت هذه اللعبة بالفعل.",
  "shell.start_failed": "تعذّر بدء اللعبة. يُرجى المحاولة مرة أخرى.",
  "shell.start_error.rate_limited": "على مهلك! حاول مجددًا بعد لحظات.",
  "shell.start_error.level_locked": "هذه المرحلة لم تُفتح بعد.",
  "shell.start_error.game_updated": "تم تحديث اللعبة للتو. جارٍ تحميل الإصدار الجديد…",
  "shell.start_error.game_unavailable": "هذه اللعبة في استراحة قصيرة.",

  // lobby
  "lobby.eyebrow.play_and_win": "العب واربح",
  "lobby.eyebrow.play": "العب",
  "lobby.eyebrow.free_play": "العب للمتعة",
  "lobby.title_fallback": "الألعاب",
  "lobby.track_complete":
    "{count, plural, zero {أنهيت كل المراحل! واصل اللعب لتحطّم رقمك القياسي.} one {أنهيت المرحلة! واصل اللعب لتحطّم رقمك القياسي.} two {أنهيت المرحلتين! واصل اللعب لتحطّم رقمك القياسي.} few {أنهيت المراحل الـ# كلها! واصل اللعب لتحطّم رقمك القياسي.} many {أنهيت المراحل الـ# كلها! واصل اللعب لتحطّم رقمك القياسي.} other {أنهيت المراحل الـ# كلها! واصل اللعب لتحطّم رقمك القياسي.}}",
  "lobby.level_badge": "المرحلة",
  "lobby.goals_label": "الأهداف",
  "lobby.play": "العب",
  "lobby.play_level": "العب المرحلة {level}",
  "lobby.resume_level": "أكمل المرحلة {level}",
  "lobby.start_over": "ابدأ من جديد",
  "lobby.wheel.daily": "العجلة اليومية",
  "lobby.wheel.prize": "عجلة الجوائز",
  "lobby.wheel.spin_for_prizes": "أدِر العجلة واربح جوائز",
  "lobby.wheel.prize_waiting": "جائزة بانتظارك",
  "lobby.wheel.free_spins_ready":
    "{count, plural, zero {لا لفّات مجانية الآن} one {لفّتك المجانية جاهزة} two {لفّتان مجانيتان جاهزتان} few {# لفّات مجانية جاهزة} many {# لفّة مجانية جاهزة} other {# لفّة مجانية جاهزة}}",
  "lobby.wheel.spin_for_tickets":
    "{count, plural, zero {لفّة مجانية} one {لفّة مقابل تذكرة واحدة} two {لفّة مقابل تذكرتين} few {لفّة مقابل # تذاكر} many {لفّة مقابل # تذكرة} other {لفّة مقابل # تذكرة}}",
  "lobby.wheel.back_tomorrow": "عُد غدًا للفّات جديدة",
  "lobby.wheel.cta_spin": "أدِر",
  "lobby.wheel.cta_reveal": "اكشفها",
  "lobby.wheel.cta_look": "عرض",
  "lobby.progress.title": "تقدّمك",
  "lobby.progress.levels":
    "{done} من {total, plural, zero {# مرحلة} one {مرحلة واحدة} two {مرحلتين} few {# مراحل} many {# مرحلة} other {# مرحلة}}",
  "lobby.progress.bar_label": "المراحل المكتملة",
  "lobby.progress.round": "الجولة {round}",
  "lobby.levels.label": "المراحل",
  "lobby.levels.level": "المرحلة {level}",
  "lobby.levels.level_stars": "المرحلة {level}: {stars} من ثلاث نجوم",
  "lobby.last_result": "آخر لعبة: المرحلة {level} · {status}",
  "lobby.last_result_reward": "آخر لعبة: المرحلة {level} · {status} · {reward}",
  "lobby.status.won": "فزت",
  "lobby.status.lost": "ليس هذه المرة",
  "lobby.status.abandoned": "غادرت مبكرًا",
  "lobby.reward.pending": "المكافأة في الطريق",
  "lobby.reward.delayed": "المكافأة متأخرة",
  "lobby.reward.checking": "المكافأة قيد المراجعة",
  "lobby.reward.confirmed": "أُرسلت المكافأة",
  "lobby.reward.unavailable": "المكافأة غير متاحة",
  "lobby.try_again": "حاول مجددًا",

  // goals
  "goals.score":
    "{count, plural, zero {حقّق # نقطة} one {حقّق نقطة واحدة} two {حقّق نقطتين} few {حقّق # نقاط} many {حقّق # نقطة} other {حقّق # نقطة}}",
  "goals.collect.red":
    "{count, plural, zero {اجمع # جوهرة حمراء} one {اجمع جوهرة حمراء واحدة} two {اجمع جوهرتين حمراوين} few {اجمع # جواهر حمراء} many {اجمع # جوهرة حمراء} other {اجمع # جوهرة حمراء}}",
  "goals.collect.blue":
    "{count, plural, zero {اجمع # جوهرة زرقاء} one {اجمع جوهرة زرقاء واحدة} two {اجمع جوهرتين زرقاوين} few {اجمع # جواهر زرقاء} many {اجمع # جوهرة زرقاء} other {اجمع # جوهرة زرقاء}}",
  "goals.collect.green":
    "{count, plural, zero {اجمع # جوهرة خضراء} one {اجمع جوهرة خضراء واحدة} two {اجمع جوهرتين خضراوين} few {اجمع # جواهر خضراء} many {اجمع # جوهرة خضراء} other {اجمع # جوهرة خضراء}}",
  "goals.collect.yellow":
    "{count, plural, zero {اجمع # جوهرة صفراء} one {اجمع جوهرة صفراء واحدة} two {اجمع جوهرتين صفراوين} few {اجمع # جواهر صفراء} many {اجمع # جوهرة صفراء} other {اجمع # جوهرة صفراء}}",
  "goals.collect.purple":
    "{count, plural, zero {اجمع # جوهرة بنفسجية} one {اجمع جوهرة بنفسجية واحدة} two {اجمع جوهرتين بنفسجيتين} few {اجمع # جواهر بنفسجية} many {اجمع # جوهرة بنفسجية} other {اجمع # جوهرة بنفسجية}}",
  "goals.collect.orange":
    "{count, plural, zero {اجمع # جوهرة برتقالية} one {اجمع جوهرة برتقالية واحدة} two {اجمع جوهرتين برتقاليتين} few {اجمع # جواهر برتقالية} many {اجمع # جوهرة برتقالية} other {اجمع # جوهرة برتقالية}}",
  "goals.collect.named_colour":
    "{count, plural, zero {اجمع # جوهرة بلون {colour}} one {اجمع جوهرة واحدة بلون {colour}} two {اجمع جوهرتين بلون {colour}} few {اجمع # جواهر بلون {colour}} many {اجمع # جوهرة بلون {colour}} other {اجمع # جوهرة بلون {colour}}}",
  "goals.collect.any":
    "{count, plural, zero {اجمع # جوهرة} one {اجمع جوهرة واحدة} two {اجمع جوهرتين} few {اجمع # جواهر} many {اجمع # جوهرة} other {اجمع # جوهرة}}",
  "goals.clear_blockers":
    "{count, plural, zero {حطّم # حجر} one {حطّم حجرًا واحدًا} two {حطّم حجرين} few {حطّم # أحجار} many {حطّم # حجرًا} other {حطّم # حجر}}",
  "goals.pairs":
    "{count, plural, zero {اعثر على # زوج} one {اعثر على زوج واحد} two {اعثر على زوجين} few {اعثر على # أزواج} many {اعثر على # زوجًا} other {اعثر على # زوج}}",
  "goals.deliveries":
    "{count, plural, zero {وصّل # طرد} one {وصّل طردًا واحدًا} two {وصّل طردين} few {وصّل # طرود} many {وصّل # طردًا} other {وصّل # طرد}}",
  "goals.other": "{goal}: {count}",
  "goals.limit.moves": "{count, plural, zero {لا حركات} one {حركة واحدة} two {حركتان} few {# حركات} many {# حركة} other {# حركة}}",
  "goals.limit.fuel": "{count, plural, zero {بلا وقود} one {وحدة وقود} two {وحدتا وقود} few {# وحدات وقود} many {# وحدة وقود} other {# وحدة وقود}}",
  "goals.limit.flips": "{count, plural, zero {لا قلبات} one {قلبة واحدة} two {قلبتان} few {# قلبات} many {# قلبة} other {# قلبة}}",
  "goals.limit.mistakes":
    "{count, plural, zero {لا أخطاء مسموحة} one {خطأ واحد مسموح} two {خطآن مسموحان} few {# أخطاء مسموحة} many {# خطأً مسموحًا} other {# خطأ مسموح}}",
  "goals.limit.board": "لوحة {rows}×{columns}",
  "goals.limit.cards": "{count, plural, zero {لا بطاقات} one {بطاقة واحدة} two {بطاقتان} few {# بطاقات} many {# بطاقة} other {# بطاقة}}",
  "goals.unavailable.mechanic_unavailable": "هذه اللعبة في استراحة قصيرة. عُد إلينا قريبًا.",
  "goals.unavailable.mode_not_allowed": "الألعاب غير متاحة حاليًا.",
  "goals.unavailable.level_locked": "المرحلة التالية لم تُفتح بعد.",

  // howto
  "howto.close": "فهمت، لنلعب!",
  "howto.match3.title": "كيف تلعب «مطابقة الجواهر»",
  "howto.match3.swap": "بدّل جوهرتين متجاورتين لتصُفّ ثلاث جواهر أو أكثر من اللون نفسه.",
  "howto.match3.clear": "تختفي الصفوف المتطابقة وتمنحك نقاطًا، وتسقط جواهر جديدة قد تصنع سلسلة.",
  "howto.match3.goals": "حقّق الأهداف في الأعلى قبل أن تنفد حركاتك. الحركات التي لا تحتاجها تتحول إلى نقاط إضافية ونجوم.",
  "howto.memory.title": "كيف تلعب «تحدي الذاكرة»",
  "howto.memory.flip": "اضغط على بطاقة لتقلبها، ثم اضغط على أخرى.",
  "howto.memory.pair": "تبقى البطاقتان المتشابهتان مكشوفتين: هذا زوج! والأزواج المتتالية نقاطها أعلى.",
  "howto.memory.miss": "إن لم تتطابقا تنقلبان من جديد، فتذكّر مكانهما. الأخطاء والقلبات محدودة، وما توفّره منها يصبح نقاطًا إضافية.",
  "howto.parcel.title": "كيف تلعب «كابتن التوصيل»",
  "howto.parcel.drive": "قُد سيارة التوصيل على الطرق بالأسهم أو بمفاتيح الأسهم أو بالسحب على الشاشة. المباني تسدّ الطريق.",
  "howto.parcel.pick_up": "مُرّ فوق الطرد لتلتقطه. لون شريطه يدلّك على وجهته.",
  "howto.parcel.deliver": "أوصله إلى المنزل الذي بابه بنفس اللون. كل خطوة تستهلك وقودًا، والوقود المتبقي يصبح نقاطًا إضافية.",

  // hud
  "hud.back": "العودة إلى الرئيسية",
  "hud.level": "المرحلة {level}",
  "hud.score": "النقاط",
  "hud.goals_label": "الأهداف",
  "hud.goal_progress": "{goal}: {progress} من {target}",
  "hud.counter.moves": "{count, plural, zero {حركة} one {حركة} two {حركتان} few {حركات} many {حركة} other {حركة}}",
  "hud.counter.fuel": "{count, plural, zero {وقود} one {وقود} two {وقود} few {وقود} many {وقود} other {وقود}}",
  "hud.counter.mistakes":
    "{count, plural, zero {خطأ مسموح} one {خطأ مسموح} two {خطآن مسموحان} few {أخطاء مسموحة} many {خطأً مسموحًا} other {خطأ مسموح}}",
  "hud.counter.flips":
    "{count, plural, zero {قلبة متبقية} one {قلبة متبقية} two {قلبتان متبقيتان} few {قلبات متبقية} many {قلبة متبقية} other {قلبة متبقية}}",

  // game
  "game.aim.prompt": "اضغط على خانة لتحطيمها",
  "game.aim.cancel": "إلغاء",
  "game.toast.retry": "حاول مجددًا",
  "game.toast.connection_problem": "مشكلة في الاتصال.",
  "game.toast.move_safe": "مشكلة في الاتصال. حركتك محفوظة.",
  "game.toast.slow_down": "تمهّل قليلًا…",
  "game.toast.booster_unusable": "لم يعد بالإمكان استخدام هذا المعزّز هنا.",
  "game.toast.ended": "انتهت هذه اللعبة.",

  // games
  "launcher.games": "الألعاب",
  "launcher.open": "افتح الألعاب",
  "launcher.close": "أغلق الألعاب",
  "games.match3_v1.title": "مطابقة الجواهر",
  "games.memory_v1.title": "تحدي الذاكرة",
  "games.parcel_pilot_v1.title": "كابتن التوصيل",

  // refusal
  "refusal.out_of_bounds": "هذا خارج اللوحة",
  "refusal.run_finished": "انتهت هذه المرحلة",
  "refusal.impossible": "هذه الحركة غير ممكنة",
  "refusal.fallback": "ليس هكذا",
  "refusal.match3.no_match": "لا تطابق هنا",
  "refusal.match3.not_adjacent": "بدّل جواهر متجاورة",
  "refusal.match3.blocked": "الأحجار لا تتحرك",
  "refusal.memory.already_open": "هذه البطاقة مكشوفة بالفعل",
  "refusal.parcel.blocked": "هناك مبنى يسدّ الطريق",
  "refusal.parcel.out_of_bounds": "الطريق ينتهي هنا",

  // result
  "result.title.won": "أكملت المرحلة {level}!",
  "result.loss.out_of_moves": "نفدت الحركات",
  "result.loss.out_of_fuel": "نفد الوقود",
  "result.loss.too_many_mistakes": "أخطاء كثيرة جدًا",
  "result.loss.out_of_flips": "نفدت القلبات",
  "result.loss.expired": "انتهى الوقت",
  "result.loss.fallback": "اقتربت جدًا!",
  "result.stars.label": "{stars} من {total} نجوم",
  "result.bonus.match3": "نقاط الحركات المتبقية: +{bonus}",
  "result.bonus.memory": "نقاط الأخطاء والقلبات الموفَّرة: +{bonus}",
  "result.bonus.parcel": "نقاط الوقود المتبقي: +{bonus}",
  "result.bonus.other": "نقاط إضافية لما تبقّى: +{bonus}",
  "result.score": "النقاط",
  "result.badge.new_best": "رقم قياسي!",
  "result.badge.first_clear": "أول فوز",
  "result.stat.best": "الأفضل",
  "result.stat.levels": "المراحل",
  "result.stat.levels_value": "{done} من {total}",
  "result.stat.round": "الجولة",
  "result.track_complete": "اكتمل المسار! فزت بكل المراحل.",
  "result.next_up": "التالي: المرحلة {level}",
  "result.button.play_level": "العب المرحلة {level}",
  "result.button.continue": "متابعة",
  "result.button.try_again": "حاول مجددًا",
  "result.button.lobby": "الرئيسية",
  "result.reward.pending": "مكافأتك في الطريق إليك.",
  "result.reward.checking": "مكافأتك قيد المراجعة.",
  "result.reward.confirmed": "تم إرسال مكافأتك.",

  // booster
  "booster.tray.label": "المعزّزات",
  "booster.label.owned": "{name}: لديك {count}. اضغط للاستخدام.",
  "booster.label.confirm": "شراء {name} مقابل {price} {resource}؟ اضغط مجددًا للشراء.",
  "booster.label.for_sale": "{name}: {description} السعر {price} {resource}.",
  "booster.badge.owned": "×{count}",
  "booster.badge.confirm": "شراء؟",
  "booster.toast.busy": "لحظة من فضلك، اللوحة ما زالت تتحرك.",
  "booster.toast.need": "تحتاج إلى {price} {resource} لشراء {name}.",
  "booster.error.insufficient_balance": "رصيدك لا يكفي للشراء بعد. فُز في الألعاب أو أدِر العجلة لتجمع المزيد.",
  "booster.error.economy_disabled": "المتجر مغلق حاليًا.",
  "booster.error.rate_limited": "على مهلك! حاول مجددًا بعد لحظات.",
  "booster.error.not_found": "هذا المعزّز لم يعد متاحًا للبيع.",
  "booster.error.fallback": "تعذّر إتمام الشراء. يُرجى المحاولة مرة أخرى.",

  // economy: Playloop's own resources and boosters, while the site has not renamed them
  "economy.resource.tickets": "تذاكر",
  "economy.resource.coins": "عملات",
  "economy.booster.gem_shuffle.name": "خلط",
  "economy.booster.gem_shuffle.description": "اخلط اللوحة لتكوين صفوف جديدة",
  "economy.booster.gem_hammer.name": "مطرقة",
  "economy.booster.gem_hammer.description": "حطّم جوهرة واحدة",
  "economy.booster.pairs_peek.name": "نظرة خاطفة",
  "economy.booster.pairs_peek.description": "شاهد كل البطاقات للحظة",
  "economy.booster.van_fuel.name": "وقود إضافي",
  "economy.booster.van_fuel.description": "وقود لخمس حركات إضافية",

  // match3
  "match3.board.label": "لوحة اللعب",
  "match3.board.keyboard_label":
    "لوحة اللعب، {rows} في {cols}. تنقّل بمفاتيح الأسهم، واضغط Enter لاختيار جوهرة، ثم مفتاح سهم لتبديلها. اضغط Escape للإلغاء.",
  "match3.gem.red": "جوهرة حمراء",
  "match3.gem.blue": "جوهرة زرقاء",
  "match3.gem.green": "جوهرة خضراء",
  "match3.gem.yellow": "جوهرة صفراء",
  "match3.gem.purple": "جوهرة بنفسجية",
  "match3.gem.orange": "جوهرة برتقالية",
  "match3.gem.named_colour": "جوهرة بلون {colour}",
  "match3.tile.blocker": "حجر",
  "match3.float.points": "+{points}",
  "match3.float.cascade": "سلسلة ×{cascade}",
  "match3.float.shuffle": "خلط اللوحة!",
  "match3.sr.cell_gem": "{gem}، الصف {row}، العمود {col}",
  "match3.sr.cell_gem_selected": "{gem}، الصف {row}، العمود {col}، محدّدة",
  "match3.sr.cell_blocker": "حجر، الصف {row}، العمود {col}",
  "match3.sr.cell_empty": "خانة فارغة، الصف {row}، العمود {col}",
  "match3.sr.selected": "تم تحديد {gem}. اضغط مفتاح سهم لتبديلها.",
  "match3.sr.selection_cleared": "أُلغي التحديد",
  "match3.sr.empty_cell": "خانة فارغة",
  "match3.sr.blockers_cant_move": "الأحجار لا تتحرك",
  "match3.sr.edge": "حافة اللوحة",
  "match3.sr.refused.no_match": "لا تطابق هنا",
  "match3.sr.refused.not_adjacent": "ليستا متجاورتين",
  "match3.sr.refused.other": "لا يمكن التبديل هنا",
  "match3.sr.swapped":
    "تم التبديل، {points, plural, zero {بلا نقاط} one {+نقطة واحدة} two {+نقطتان} few {+# نقاط} many {+# نقطة} other {+# نقطة}}",
  "match3.sr.swapped_moves":
    "تم التبديل، {points, plural, zero {بلا نقاط} one {+نقطة واحدة} two {+نقطتان} few {+# نقاط} many {+# نقطة} other {+# نقطة}}. {moves, plural, zero {لم تتبقَّ أي حركة} one {تبقّت حركة واحدة} two {تبقّت حركتان} few {تبقّت # حركات} many {تبقّت # حركة} other {تبقّت # حركة}}",
  "match3.sr.swapped_cascade":
    "تم التبديل، {points, plural, zero {بلا نقاط} one {+نقطة واحدة} two {+نقطتان} few {+# نقاط} many {+# نقطة} other {+# نقطة}}، سلسلة ×{cascade}",
  "match3.sr.swapped_cascade_moves":
    "تم التبديل، {points, plural, zero {بلا نقاط} one {+نقطة واحدة} two {+نقطتان} few {+# نقاط} many {+# نقطة} other {+# نقطة}}، سلسلة ×{cascade}. {moves, plural, zero {لم تتبقَّ أي حركة} one {تبقّت حركة واحدة} two {تبقّت حركتان} few {تبقّت # حركات} many {تبقّت # حركة} other {تبقّت # حركة}}",
  "match3.sr.swapped_shuffled":
    "تم التبديل، {points, plural, zero {بلا نقاط} one {+نقطة واحدة} two {+نقطتان} few {+# نقاط} many {+# نقطة} other {+# نقطة}}. أُعيد خلط اللوحة",
  "match3.sr.swapped_shuffled_moves":
    "تم التبديل، {points, plural, zero {بلا نقاط} one {+نقطة واحدة} two {+نقطتان} few {+# نقاط} many {+# نقطة} other {+# نقطة}}. أُعيد خلط اللوحة. {moves, plural, zero {لم تتبقَّ أي حركة} one {تبقّت حركة واحدة} two {تبقّت حركتان} few {تبقّت # حركات} many {تبقّت # حركة} other {تبقّت # حركة}}",
  "match3.sr.swapped_cascade_shuffled":
    "تم التبديل، {points, plural, zero {بلا نقاط} one {+نقطة واحدة} two {+نقطتان} few {+# نقاط} many {+# نقطة} other {+# نقطة}}، سلسلة ×{cascade}. أُعيد خلط اللوحة",
  "match3.sr.swapped_cascade_shuffled_moves":
    "تم التبديل، {points, plural, zero {بلا نقاط} one {+نقطة واحدة} two {+نقطتان} few {+# نقاط} many {+# نقطة} other {+# نقطة}}، سلسلة ×{cascade}. أُعيد خلط اللوحة. {moves, plural, zero {لم تتبقَّ أي حركة} one {تبقّت حركة واحدة} two {تبقّت حركتان} few {تبقّت # حركات} many {تبقّت # حركة} other {تبقّت # حركة}}",

  // memory
  "memory.board.label": "البطاقات",
  "memory.card.face_down": "البطاقة {number}، مخفية",
  "memory.card.face_up": "البطاقة {number}: {face}",
  "memory.card.matched": "البطاقة {number}: {face}، تمت مطابقتها",
  "memory.float.points": "+{points}",
  "memory.face.apple": "تفاحة",
  "memory.face.anchor": "مرساة",
  "memory.face.bell": "جرس",
  "memory.face.bolt": "صاعقة",
  "memory.face.cactus": "صبّار",
  "memory.face.cherry": "كرز",
  "memory.face.cloud": "سحابة",
  "memory.face.crown": "تاج",
  "memory.face.diamond": "ماسة",
  "memory.face.drum": "طبل",
  "memory.face.feather": "ريشة",
  "memory.face.fish": "سمكة",
  "memory.face.flower": "زهرة",
  "memory.face.gift": "هدية",
  "memory.face.heart": "قلب",
  "memory.face.key": "مفتاح",
  "memory.face.kite": "طائرة ورقية",
  "memory.face.leaf": "ورقة شجر",
  "memory.face.moon": "هلال",
  "memory.face.mushroom": "فطر",
  "memory.face.planet": "كوكب",
  "memory.face.rocket": "صاروخ",
  "memory.face.shell": "صدفة",
  "memory.face.star": "نجمة",

  // parcel
  "parcel.board.label":
    "السيارة في الصف {row}، العمود {col}، {count, plural, zero {بلا طرود} one {تحمل طردًا واحدًا} two {تحمل طردين} few {تحمل # طرود} many {تحمل # طردًا} other {تحمل # طرد}}",
  "parcel.parcel.title": "الطرد {id}",
  "parcel.float.points": "+{points}",
  "parcel.float.fuel": "{amount, plural, zero {+# وقود} one {+# وقود} two {+# وقود} few {+# وقود} many {+# وقود} other {+# وقود}}",
  "parcel.dpad.label": "وجّه السيارة",
  "parcel.dpad.up": "أعلى",
  "parcel.dpad.down": "أسفل",
  "parcel.dpad.left": "يسار",
  "parcel.dpad.right": "يمين",

  // wheel
  "wheel.title.daily": "العجلة اليومية",
  "wheel.title.site": "عجلة الجوائز",
  "wheel.back": "العودة إلى الألعاب",
  "wheel.picture":
    "{count, plural, zero {عجلة جوائز بلا جوائز} one {عجلة جوائز فيها جائزة واحدة} two {عجلة جوائز فيها جائزتان} few {عجلة جوائز فيها # جوائز} many {عجلة جوائز فيها # جائزة} other {عجلة جوائز فيها # جائزة}}",
  "wheel.loading": "جارٍ تحميل العجلة…",
  "wheel.load_failed": "تعذّر تحميل العجلة. تحقّق من اتصالك وحاول مرة أخرى.",
  "wheel.status.free":
    "{count, plural, zero {ليس لديك لفّات مجانية اليوم.} one {لديك لفّة مجانية اليوم!} two {لديك لفّتان مجانيتان اليوم!} few {لديك # لفّات مجانية اليوم!} many {لديك # لفّة مجانية اليوم!} other {لديك # لفّة مجانية اليوم!}}",
  "wheel.status.paid":
    "{cost, plural, zero {استخدمت لفّاتك المجانية. أدِر العجلة مجددًا مجانًا (لديك {balance}).} one {استخدمت لفّاتك المجانية. أدِر العجلة مجددًا مقابل تذكرة واحدة (لديك {balance}).} two {استخدمت لفّاتك المجانية. أدِر العجلة مجددًا مقابل تذكرتين (لديك {balance}).} few {استخدمت لفّاتك المجانية. أدِر العجلة مجددًا مقابل # تذاكر (لديك {balance}).} many {استخدمت لفّاتك المجانية. أدِر العجلة مجددًا مقابل # تذكرة (لديك {balance}).} other {استخدمت لفّاتك المجانية. أدِر العجلة مجددًا مقابل # تذكرة (لديك {balance}).}}",
  "wheel.status.done": "هذا كل شيء لليوم. لفّات جديدة في الساعة {time}.",
  "wheel.button.spin": "أدِر العجلة",
  "wheel.button.spin_free": "أدِر مجانًا",
  "wheel.button.spin_paid":
    "{cost, plural, zero {أدِر مجانًا} one {أدِر مقابل تذكرة واحدة} two {أدِر مقابل تذكرتين} few {أدِر مقابل # تذاكر} many {أدِر مقابل # تذكرة} other {أدِر مقابل # تذكرة}}",
  "wheel.rules.summary": "القواعد واللعب النزيه",
  "wheel.rules.organiser":
    "{form, select, address_contact {الجهة المنظِّمة: {name}، {address} · {contact}} address {الجهة المنظِّمة: {name}، {address}} contact {الجهة المنظِّمة: {name} · {contact}} other {الجهة المنظِّمة: {name}}}",
  "wheel.rules.fairness":
    "نتيجة كل لفّة محدّدة قبل أن تضغط: لفّتك التالية تستخدم البذرة السرية التي تظهر بصمتها أدناه، وتُكشف البذرة بعد اللفّة ليتمكن أي شخص من التحقق منها.",
  "wheel.rules.next_seed": "بصمة البذرة التالية",
  "wheel.rules.last_seed": "بذرة اللفّة الأخيرة",
  "wheel.result.won":
    "{count, plural, zero {ربحت # × {resource}!} one {ربحت # × {resource}!} two {ربحت # × {resource}!} few {ربحت # × {resource}!} many {ربحت # × {resource}!} other {ربحت # × {resource}!}}",
  "wheel.result.nothing": "لا جائزة هذه المرة",
  "wheel.result.earlier": "من لفّتك السابقة.",
  "wheel.result.in_balance": "أُضيفت إلى رصيدك بالفعل.",
  "wheel.result.better_luck": "حظًا أوفر في اللفّة القادمة.",
  "wheel.result.collect": "استلم الجائزة",
  "wheel.result.ok": "حسنًا",
  "wheel.toast.updated": "تم تحديث العجلة للتو. إليك العجلة الجديدة!",
  "wheel.toast.spin_failed": "لم تدُر العجلة. يُرجى المحاولة مرة أخرى.",
  "wheel.error.insufficient_balance": "تحتاج إلى تذاكر أكثر للفّة أخرى. فُز في الألعاب لتحصل عليها.",
  "wheel.error.spins_exhausted": "انتهت لفّات اليوم. عُد غدًا!",
  "wheel.error.rate_limited": "على مهلك! حاول مجددًا بعد لحظات.",
  "wheel.error.forbidden": "سجّل دخولك في الموقع لتُدير العجلة.",
  "wheel.error.closed": "العجلة مغلقة حاليًا.",
  "wheel.error.economy_disabled": "اللفّات بالتذاكر متوقفة مؤقتًا.",

  // reward status (GET /v1/game-runs/{run_id}/reward `label`)
  "reward.status.pending": "مكافأتك في الطريق إليك",
  "reward.status.checking": "مكافأتك قيد المراجعة",
  "reward.status.delayed": "ستصلك مكافأتك بعد قليل",
  "reward.status.confirmed": "تم إرسال مكافأتك",
  "reward.status.unavailable": "تعذّر منح هذه المكافأة",
  "reward.status.none": "لا توجد مكافأة لهذه اللعبة",

  // what a new wheel starts with (the site's own text from then on)
  "wheel.default.rules": "لفّة مجانية واحدة يوميًا، واللفّات الإضافية مقابل تذاكر. تُضاف الجوائز إلى رصيدك فورًا. وقد تُستبدل الجائزة بـ«حاول مجددًا» إذا نفدت ميزانية جوائز اليوم.",
  "wheel.default.try_again": "حاول مجددًا",
  "wheel.default.so_close": "اقتربت!",
  "wheel.default.tickets": "{count, plural, zero {لا تذاكر} one {تذكرة واحدة} two {تذكرتان} few {# تذاكر} many {# تذكرة} other {# تذكرة}}",
  "wheel.default.coins": "{count, plural, zero {لا عملات} one {عملة واحدة} two {عملتان} few {# عملات} many {# عملة} other {# عملة}}",
};
