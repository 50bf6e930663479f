/**
 * A message of the source catalogue: the English text (ICU MessageFormat: `{name}` for a value,
 * `{count, plural, one {# ticket} other {# tickets}}` for a count — never a count glued to a
 * word in code) and its context note for translators: where it shows, how much room it has
 * (characters at phone size), and what its values are.
 */
export type TSourceMessage = { message: string; note: string };
