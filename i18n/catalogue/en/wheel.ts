import type { TSourceMessage } from "./types";

/** The prize wheel screen (client/shell/wheel-screen.ts) and the wheel drawing (client/shell/wheel-art.ts). */
export const WHEEL = {
  "wheel.title.daily": { message: "Daily wheel", note: "Wheel screen: heading of the daily wheel, beside the back button and the wallet; about 16 characters." },
  "wheel.title.site": { message: "Prize wheel", note: "Wheel screen: heading of the site's prize wheel, beside the back button and the wallet; about 16 characters." },
  "wheel.back": { message: "Back to the games", note: "Wheel screen: screen-reader label of the back arrow button (top left); not shown." },
  "wheel.picture": {
    message: "{count, plural, one {Prize wheel with # prize} other {Prize wheel with # prizes}}",
    note: "Wheel screen: screen-reader description of the wheel picture; not shown. {count}: how many slices the wheel has (usually 6–12).",
  },
  "wheel.loading": { message: "Loading the wheel…", note: "Wheel screen: status line under the wheel while it loads; one line, about 40 characters." },
  "wheel.load_failed": {
    message: "We couldn't load the wheel. Check your connection and try again.",
    note: "Wheel screen: status line under the wheel when it could not be loaded; two lines, about 70 characters.",
  },
  "wheel.status.free": {
    message: "{count, plural, =1 {You have a free spin today!} one {You have # free spin today!} other {You have # free spins today!}}",
    note: "Wheel screen: status line under the wheel while free spins are left; one line, about 40 characters. {count}: free spins left today (1 or more).",
  },
  "wheel.status.paid": {
    message: "{cost, plural, one {Free spins used. Spin again for # ticket (you have {balance}).} other {Free spins used. Spin again for # tickets (you have {balance}).}}",
    note: "Wheel screen: status line under the wheel when today's free spins are used and spins with tickets are possible; two lines, about 70 characters. {cost}: tickets one spin costs; {balance}: the player's tickets now (a number).",
  },
  "wheel.status.done": {
    message: "That's all for today. New spins at {time}.",
    note: "Wheel screen: status line under the wheel when no spins are left today; two lines, about 60 characters. {time}: the time of day new spins come, already in the language's clock format (e.g. 14:00 or 02:00 PM).",
  },
  "wheel.button.spin": { message: "Spin", note: "Wheel screen: the big spin button under the wheel; button, about 16 characters." },
  "wheel.button.spin_free": { message: "Spin for free", note: "Wheel screen: the big spin button when the spin is free; button, about 20 characters." },
  "wheel.button.spin_paid": {
    message: "{cost, plural, one {Spin for # ticket} other {Spin for # tickets}}",
    note: "Wheel screen: the big spin button when a spin costs tickets; button, about 20 characters. {cost}: tickets one spin costs.",
  },
  "wheel.rules.summary": { message: "Rules & fair play", note: "Wheel screen: the fold-out heading of the rules under the wheel; one line, about 30 characters." },
  "wheel.rules.organiser": {
    message:
      "{form, select, address_contact {Organised by {name}, {address} · {contact}} address {Organised by {name}, {address}} contact {Organised by {name} · {contact}} other {Organised by {name}}}",
    note: "Wheel screen, rules fold-out: who runs the prize draw; paragraph. {form}: which details the site gave (address_contact, address, contact, or other for the name only) — keep the four cases. {name}: the organiser's name, {address}: its postal address, {contact}: an e-mail or web address — all as the site set them.",
  },
  "wheel.rules.fairness": {
    message: "Every spin is fixed before you press: your next spin uses the secret seed whose fingerprint is below, revealed after the spin so anyone can check it.",
    note: "Wheel screen, rules fold-out: how the wheel proves its spins are fair (a seed is committed by its hash before the spin and shown after); paragraph.",
  },
  "wheel.rules.next_seed": { message: "Next seed fingerprint", note: "Wheel screen, rules fold-out: label before a 64-character hex code (the hash of the next spin's seed); about 25 characters." },
  "wheel.rules.last_seed": { message: "Last spin's seed", note: "Wheel screen, rules fold-out: label before a hex code (the seed of the last spin, now revealed); about 25 characters." },
  "wheel.result.won": {
    message: "{count, plural, one {You won # × {resource}!} other {You won # {resource}!}}",
    note: "Wheel result card: heading after a winning spin; one or two lines, about 30 characters. {count}: how much was won; {resource}: the prize's name as the site set it, a label that cannot change form (in English usually a plural such as \"Tickets\"). If your language's number forms would need another form of the name, use a form that needs none, e.g. \"{resource}: #\" or \"# × {resource}\".",
  },
  "wheel.result.nothing": { message: "No prize this time", note: "Wheel result card: heading after a spin that landed on an empty slice; one line, about 30 characters." },
  "wheel.result.earlier": { message: "From your last spin.", note: "Wheel result card: line under the heading when the card shows a spin the player had not seen yet (e.g. the tab was closed); one line, about 40 characters." },
  "wheel.result.in_balance": { message: "It's in your balance already.", note: "Wheel result card: line under the heading after a prize was won; one line, about 40 characters." },
  "wheel.result.better_luck": { message: "Better luck on the next spin.", note: "Wheel result card: line under the heading after a spin with no prize; one line, about 40 characters." },
  "wheel.result.collect": { message: "Collect", note: "Wheel result card: button closing the card after a prize; button, about 16 characters." },
  "wheel.result.ok": { message: "OK", note: "Wheel result card: button closing the card after a spin with no prize; button, about 16 characters." },
  "wheel.toast.updated": { message: "The wheel was just updated. Here is the new one!", note: "Wheel screen: short message at the bottom when the site changed the wheel just as the player spun (the new wheel is shown, nothing was spent); about 60 characters." },
  "wheel.toast.spin_failed": { message: "The wheel didn't spin. Please try again.", note: "Wheel screen: short message at the bottom when a spin failed for an unknown reason (nothing was spent); about 60 characters." },
  "wheel.error.insufficient_balance": {
    message: "You need more tickets for another spin. Win games to earn some.",
    note: "Wheel screen: short message at the bottom (or status line) when the player has too few tickets for a paid spin; about 70 characters.",
  },
  "wheel.error.spins_exhausted": { message: "That's all the spins for today. Come back tomorrow!", note: "Wheel screen: short message at the bottom (or status line) when no spins are left today; about 60 characters." },
  "wheel.error.rate_limited": { message: "Easy there! Try again in a moment.", note: "Wheel screen: short message at the bottom (or status line) when the player pressed too often; about 40 characters." },
  "wheel.error.forbidden": { message: "Sign in on the site to spin the wheel.", note: "Wheel screen: short message at the bottom (or status line) when the player is not signed in on the host site; about 50 characters." },
  "wheel.error.closed": { message: "The wheel is closed right now.", note: "Wheel screen: short message at the bottom (or status line) when the site has no wheel set up; about 40 characters." },
  "wheel.error.economy_disabled": { message: "Spins with tickets are paused right now.", note: "Wheel screen: short message at the bottom (or status line) when ticket spending is switched off on the site; about 50 characters." },
  // what a new wheel starts with (server/domain/money/wheel/draft-model.ts defaultDraft): the site's own text from then on
  "wheel.default.rules": { message: "One free spin a day; more spins cost tickets. Prizes are credited at once. Prizes may be replaced by “Try again” once the day’s prize budget is used up.", note: "The rules a new wheel starts with, in the console's wheel editor and under the wheel until the site writes its own (legal text the site owns: plain, factual); paragraph, up to about 200 characters. Quote the label of wheel.default.try_again exactly." },
  "wheel.default.try_again": { message: "Try again", note: "The label of a new wheel's slice that wins nothing, on the wheel and in the site's editor; a slice holds about 10 characters." },
  "wheel.default.so_close": { message: "So close", note: "The label of a second no-prize slice on a new wheel without tickets or coins; short, about 12 characters." },
  "wheel.default.tickets": { message: "{count, plural, one {# ticket} other {# tickets}}", note: "The label of a new wheel's ticket slices, on the wheel; about 12 characters. {count}: tickets the slice awards (1 or 3)." },
  "wheel.default.coins": { message: "{count, plural, one {# coin} other {# coins}}", note: "The label of a new wheel's coin slices (Playloop's default coins; a resource the site named is labelled in the site's words), on the wheel; about 12 characters. {count}: coins the slice awards (10, 25 or 100)." },
} satisfies Record<string, TSourceMessage>;
