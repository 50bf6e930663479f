import { createRequire } from "node:module";
import pg from "pg";
import { hasUtcText, utcText } from "@/server/lib/iso-time";

/**
 * How our own statements travel through node-postgres (pg 8.23): the same Query, without three
 * costs it pays for every statement whatever its shape (a profile of the play scenario at full
 * load, 2026-11-29 night: 3.4 % of the web process's busy time together; docs/performance.md).
 *
 * - A config object is copied property by property through its descriptors before the driver
 *   reads it (`cloneQueryConfig`: Object.defineProperties over getOwnPropertyDescriptors, 1.5 %).
 *   A Query built from the text and the values has nothing to copy; the name is set after.
 * - Every answer's row description builds the statement's type parsers and an empty row object
 *   with one property per column (`Result.addFields`, 1.9 %), and a named statement asks for that
 *   description (Describe) on every execution. Here it asks only until it has answered its columns
 *   on its connection, and keeps them (parsers and empty row included) per connection and name:
 *   PostgreSQL keeps a prepared statement's result columns fixed there (a change to a
 *   table it reads makes it fail with "cached plan must not change result type", never answer
 *   other columns), so later executions send Bind, Execute and Sync, and the answer carries no
 *   RowDescription for the database to build and send and this process to parse and check. Like
 *   named statements themselves, this needs a session-level connection (directly, or a pooler in
 *   session mode). A row whose number of values is not the kept columns' fails its query rather
 *   than being read with the wrong names.
 * - The 'row' and 'end' events, emitted for every row and answer, have no listener here: the
 *   promise is all a caller gets.
 * - A Date parameter is sent as the same text the driver makes of it (`dateParam`), from its
 *   time value's arithmetic instead of the driver's eight local-time getters and paddings (a
 *   command's dates were 3.8 % of its instructions, `npm run bench:instructions`, 2026-12-03;
 *   `toISOString` is no cheaper: V8 formats it with a C++ printf, 4.5 % in the same count).
 *
 * Only plain configs take this way (`leanQueryOf`): text, values and optionally a name. Anything
 * else — Prisma's array rows and type sets, a callback, a cursor, a read timeout of its own — goes
 * through the driver's Query as before. The result is the driver's own Result: the same rows,
 * fields, command and rowCount (tests/integration/lean-query.test.ts compares both ways).
 */

type TField = { name: string; dataTypeID: number; format?: string };
type TColumns = { fields: TField[]; parsers: unknown[]; empty: object };
/** What a Result keeps about its columns (pg's own field names; private in its typings). */
type TResultInternals = { fields: TField[]; _parsers: unknown[] | undefined; _prebuiltEmptyResultObject: object | null; addFields(f: TField[]): void };
type TConnection = { parsedStatements: Record<string, string>; bind(c: object): void; close(c: object): void; sync(): void };
type TQueryInternals = { _result: TResultInternals; _checkForMultirow(): void; _accumulateRows: boolean; _canceledDueToError: unknown; callback?: (err: Error | null, res?: unknown) => void };

/** A bound: statement names are a bounded set (statement-names.ts), this keeps a mistake from growing it. */
const MAX_STATEMENTS_PER_CONNECTION = 512;
/** Per connection, the columns each named statement has answered there (see Describe above). */
const columnsOn = new WeakMap<TConnection, Map<string, TColumns>>();
const NO_COLUMNS: TColumns = { fields: [], parsers: [], empty: {} };
/** The driver's own mapping of a parameter to its wire text (what its prepare binds with). */
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils") as { prepareValue(v: unknown): unknown };

/** Zones whose offset is 0 at every date: in them a date's local time is its UTC time. */
const UTC_ZONES = new Set(["UTC", "Etc/UTC", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu", "Etc/GMT", "GMT", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "GMT0", "Etc/Greenwich", "Greenwich"]);
/** The process's zone when this module loaded (a process that sets TZ later keeps the driver's own formatting only if it set it before). */
const ZONE_IS_UTC = UTC_ZONES.has(Intl.DateTimeFormat().resolvedOptions().timeZone);
/**
 * A Date parameter as node-postgres sends it (its `dateToString`: local time with the zone's offset,
 * or UTC with `parseInputDatesAsUTC`), made from the time value when the two are the same text: the
 * zone is UTC (or the driver formats in UTC) and the year has four digits. Otherwise — another
 * zone, a year outside 1–9999, an invalid date — the Date itself, for the driver to format.
 */
export function dateParam(d: Date): string | Date {
  const t = d.getTime();
  if (!hasUtcText(t) || !(ZONE_IS_UTC || pg.defaults.parseInputDatesAsUTC)) return d;
  return `${utcText(t)}+00:00`;
}

/** The values with their Dates as dateParam makes them (a copy when there is one; the caller's array is never changed). */
function withDateParams(values: unknown[]): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof Date) (out ??= values.slice())[i] = dateParam(v);
  }
  return out ?? values;
}

class LeanQuery extends pg.Query {
  /** The statement's name (the driver's own field; absent from its typings). */
  declare name: string | undefined;
  declare portal: string;
  declare rows: number | undefined;
  declare values: unknown[] | undefined;
  /** The connection this execution asked for the statement's columns on (a named one): they are kept there. */
  #describing: TConnection | null = null;
  #described = false;

  constructor(text: string, values: unknown[] | undefined, name: string | undefined) {
    super(text, values && withDateParams(values));
    if (name) this.name = name;
  }

  /**
   * The driver's prepare, without Describe once the statement's columns are known on this
   * connection (it was parsed there, so no Parse either): the answer's rows are read with them.
   */
  prepare(connection: TConnection): void {
    const known = this.name !== undefined && connection.parsedStatements[this.name] !== undefined ? columnsOn.get(connection)?.get(this.name) : undefined;
    if (!known) {
      this.#describing = this.name ? connection : null;
      (pg.Query.prototype as unknown as { prepare(c: TConnection): void }).prepare.call(this, connection);
      return;
    }
    try {
      connection.bind({ portal: this.portal, statement: this.name, values: this.values, binary: false, valueMapper: prepareValue });
    } catch (err) {
      // as the driver does: the statement is closed on the server, so its columns are forgotten here
      columnsOn.get(connection)?.delete(this.name!);
      connection.close({ type: "S", name: this.name });
      connection.sync();
      (this as unknown as { handleError(e: unknown, c: TConnection): void }).handleError(err, connection);
      return;
    }
    const result = (this as unknown as TQueryInternals)._result;
    result.fields = known.fields;
    result._parsers = known.fields.length ? known.parsers : undefined;
    result._prebuiltEmptyResultObject = known.empty;
    (this as unknown as TQueryInternals)._accumulateRows = true;
    (this as unknown as { _getRows(c: TConnection, rows: number | undefined): void })._getRows(connection, this.rows);
  }

  handleRowDescription(msg: { fields: TField[] }): void {
    this.#described = true;
    const self = this as unknown as TQueryInternals;
    self._checkForMultirow();
    const result = self._result;
    result.addFields(msg.fields);
    self._accumulateRows = true;
    if (this.#describing) this.#keepColumns(this.#describing, { fields: msg.fields, parsers: result._parsers ?? [], empty: result._prebuiltEmptyResultObject ?? {} });
  }

  handleCommandComplete(msg: unknown, connection: TConnection): void {
    // a statement without result columns (Describe answered NoData): none to read next time either
    if (this.#describing && !this.#described) this.#keepColumns(this.#describing, NO_COLUMNS);
    (pg.Query.prototype as unknown as { handleCommandComplete(m: unknown, c: TConnection): void }).handleCommandComplete.call(this, msg, connection);
  }

  #keepColumns(connection: TConnection, columns: TColumns): void {
    this.#describing = null;
    let byName = columnsOn.get(connection);
    if (!byName) columnsOn.set(connection, (byName = new Map()));
    if (byName.has(this.name!) || byName.size < MAX_STATEMENTS_PER_CONNECTION) byName.set(this.name!, columns);
  }

  handleDataRow(msg: { fields: unknown[] }): void {
    const self = this as unknown as TQueryInternals & { _result: TResultInternals & { parseRow(f: unknown[]): unknown; addRow(r: unknown): void } };
    if (self._canceledDueToError) return;
    const columns = self._result.fields.length;
    if (msg.fields.length !== columns) {
      self._canceledDueToError = new Error(`statement ${this.name ?? "(unnamed)"} answered ${msg.fields.length} values for its ${columns} columns`);
      return;
    }
    try {
      self._result.addRow(self._result.parseRow(msg.fields));
    } catch (err) {
      self._canceledDueToError = err;
    }
  }

  handleReadyForQuery(con: unknown): void {
    const self = this as unknown as TQueryInternals & { _results: unknown; handleError(e: unknown, c: unknown): void };
    if (self._canceledDueToError) return self.handleError(self._canceledDueToError, con);
    try {
      self.callback?.(null, self._results);
    } catch (err) {
      process.nextTick(() => {
        throw err;
      });
    }
  }
}

/** The lean Query for a plain config (text, values, optional name), or null: the driver's own way. */
export function leanQueryOf(args: unknown[]): LeanQuery | null {
  if (args.length !== 1) return null;
  const c = args[0] as Record<string, unknown> | null;
  if (c === null || typeof c !== "object" || typeof c.text !== "string") return null;
  if (c.submit !== undefined || c.rowMode !== undefined || c.types !== undefined || c.callback !== undefined || c.query_timeout !== undefined) return null;
  if (c.rows !== undefined || c.portal !== undefined || c.binary !== undefined || c.queryMode !== undefined) return null;
  if (c.values !== undefined && !Array.isArray(c.values)) return null;
  return new LeanQuery(c.text, c.values as unknown[] | undefined, typeof c.name === "string" ? c.name : undefined);
}

/**
 * Sends a lean query on `submit` (the client's own query method, given the Query) and answers as
 * the driver's promise does: its Result, or its error with the caller's stack.
 */
export function sendLean<R>(query: LeanQuery, submit: (q: LeanQuery) => unknown): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    (query as unknown as TQueryInternals).callback = (err, res) => (err ? reject(err) : resolve(res as R));
    submit(query);
  }).catch((err: unknown) => {
    if (err instanceof Error) Error.captureStackTrace(err);
    throw err;
  });
}
