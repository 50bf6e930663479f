import type { TSourceMessage } from "./types";

/** Parcel Pilot's own words: the van, parcels, floating texts and the on-screen arrows (client/games/parcel_pilot_v1.ts). */
export const PARCEL = {
  "parcel.board.label": { message: "Van at row {row}, column {col}, carrying {count}", note: "Parcel Pilot: screen-reader name of the game area, updated after every move; not shown as text. {row}, {col}: the van's row and column, counted from 1 at the top left; {count}: how many parcels the van carries (0 or more)." },
  "parcel.parcel.title": { message: "Parcel {id}", note: "Parcel Pilot: tooltip of a small parcel icon on the van (a parcel it carries); about 12 characters. {id}: the parcel's letter (A, B, C…), shown on its box and house." },
  "parcel.float.points": { message: "+{points}", note: "Parcel Pilot: points floating up from a house where a parcel was delivered; about 6 characters. {points}: the points scored." },
  "parcel.float.fuel": { message: "{amount, plural, one {+# fuel} other {+# fuel}}", note: "Parcel Pilot: floating text in the middle of the board when the extra-fuel booster adds fuel to the van; about 12 characters. {amount}: the units of fuel added." },
  "parcel.dpad.label": { message: "Steer the van", note: "Parcel Pilot: screen-reader name of the four on-screen arrow buttons under the board; not shown as text; about 20 characters." },
  "parcel.dpad.up": { message: "Up", note: "Parcel Pilot: screen-reader name of the on-screen arrow button that drives the van up (towards the top of the screen); not shown as text; about 10 characters." },
  "parcel.dpad.down": { message: "Down", note: "Parcel Pilot: screen-reader name of the on-screen arrow button that drives the van down (towards the bottom of the screen); not shown as text; about 10 characters." },
  "parcel.dpad.left": { message: "Left", note: "Parcel Pilot: screen-reader name of the on-screen arrow button that drives the van left; not shown as text; about 10 characters." },
  "parcel.dpad.right": { message: "Right", note: "Parcel Pilot: screen-reader name of the on-screen arrow button that drives the van right; not shown as text; about 10 characters." },
} satisfies Record<string, TSourceMessage>;
