import { describe, expect, it } from "vitest";
import { databaseStartHint } from "./start-errors";

const url = "postgresql://shop:s3cret@db.internal:6543/playloop_shop";
const failure = (code: string) => Object.assign(new Error("driver says no"), { code });

describe("what npm start says about a database it cannot use", () => {
  it("names the missing database and how to create it, or to use the embedded one", () => {
    const hint = databaseStartHint(failure("3D000"), url)!;
    expect(hint).toContain('no database "playloop_shop"');
    expect(hint).toContain("createdb -h db.internal -p 6543 playloop_shop");
    expect(hint).toContain("unset DATABASE_URL");
  });

  it("tells nothing listening, an unknown host and a refused user apart", () => {
    expect(databaseStartHint(failure("ECONNREFUSED"), url)).toMatch(/^nothing answers at db\.internal:6543/);
    expect(databaseStartHint(failure("ENOTFOUND"), url)).toMatch(/host "db\.internal" .* not known/);
    expect(databaseStartHint(failure("28P01"), url)).toMatch(/refused the user "shop" of DATABASE_URL \(PostgreSQL says: driver says no\)/);
    expect(databaseStartHint(failure("3D000"), "postgresql://postgres@[::1]:5432/shop")).toContain("createdb -h ::1 -p 5432 shop");
  });

  it("never shows the password, and leaves other failures to the caller", () => {
    for (const code of ["3D000", "ECONNREFUSED", "ENOTFOUND", "28P01"]) expect(databaseStartHint(failure(code), url)).not.toContain("s3cret");
    expect(databaseStartHint(failure("42P01"), url)).toBeNull();
    expect(databaseStartHint(new Error("no code"), url)).toBeNull();
    expect(databaseStartHint(failure("3D000"), "postgresql://127.0.0.1/")).toContain("127.0.0.1:5432");
  });
});
