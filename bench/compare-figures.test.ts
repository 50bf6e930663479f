import { describe, expect, it } from "vitest";
import { benchFigures, comparisonTable } from "./compare-figures";

/** Lines as `npm run bench` prints them (play, lobby and economy of one run, shortened where nothing is read). */
function output(o: { yard: number; command: number; lobby: number; spend: number; p99: number }): string {
  return `Playloop benchmark — 2 × AMD EPYC, 24 GiB, Node v20.20.2
machine yardstick (start): a bare node:http JSON answer costs its process ${o.yard} µs of CPU at full load (bench/bare-server.ts); CPU per request below also says its multiple of this measure

scenario: play (POST /v1/game-runs/{id}/commands, parcel_pilot_v1, 400 players, 32 in flight)
  API, max throughput              987 /s   p50  27.37 ms   p99  65.83 ms   n=9888 errors=0
    CPU of 2 cores: web 35%, postgres 37%, redis 1%, bench 13%, other 4%, idle 10%
    CPU per request: web ${o.command} µs, postgres 749 µs, redis 21 µs, load generator 268 µs (web = 15.9× a bare answer of this run)
  API, half load (paced)           511 /s   p50   4.77 ms   p99  ${o.p99} ms   n=5138 errors=0
  its statement alone, same rate     486 /s   p50   1.88 ms   p99  23.15 ms   n=4967 errors=0
  database limit (direct SQL)     1456 /s   p50    9.2 ms   p99  34.09 ms   n=14892 errors=0

scenario: lobby (GET /v1/lobby, 2500 players with a finished and an unfinished run, 32 in flight)
  API, max throughput             4935 /s   p50   5.63 ms   p99  22.21 ms   n=49351 errors=0
    CPU per request: web ${o.lobby} µs, postgres 92 µs, redis 2 µs, load generator 78 µs (web = 3.7× a bare answer of this run)
  database limit, one at a time    6608 /s   p50   1.85 ms   p99  10.22 ms   n=67643 errors=0

scenario: economy (POST /v1/economy/spend, 1000 players, 32 in flight)
  API spend, max throughput        681 /s   p50  42.46 ms   p99 111.74 ms   n=6823 errors=0
    CPU per request: web ${o.spend} µs, postgres 1348 µs, redis 9 µs, load generator 233 µs (web = 19.7× a bare answer of this run)
  database limit (direct SQL)      940 /s   p50  14.32 ms   p99  56.51 ms   n=9583 errors=0
  API spin, max throughput         277 /s   p50 110.53 ms   p99 201.23 ms   n=2783 errors=0
    CPU per request: web 2016 µs, postgres 3780 µs, redis 90 µs, load generator 413 µs (web = 44.9× a bare answer of this run)
`;
}

describe("bench figures", () => {
  it("reads each request kind's CPU per request, throughput and half-load p99 from a run's output", () => {
    const run = benchFigures(output({ yard: 44.9, command: 715, lobby: 164, spend: 882, p99: 38.01 }));
    expect(run.yardstick).toBe(44.9);
    expect(Object.fromEntries(run.kinds)).toEqual({
      play: { rps: 987, web: 715, postgres: 749, halfP99: 38.01 },
      lobby: { rps: 4935, web: 164, postgres: 92 },
      "economy/spend": { rps: 681, web: 882, postgres: 1348 },
      "economy/spin": { rps: 277, web: 2016, postgres: 3780 },
    });
  });

  it("takes the web process's write system calls and kernel CPU per request from the line under a phase's CPU, for that phase only", () => {
    const run = benchFigures(`scenario: play (…)
  API, max throughput              987 /s   p50  27.37 ms   p99  65.83 ms   n=9888 errors=0
    CPU per request: web 600 µs, postgres 749 µs, redis 21 µs, load generator 268 µs
    web process system calls per request: 2.47 writes, 2.61 reads (sockets and log); 310 µs of its 600 µs in the kernel
  API, half load (paced)           511 /s   p50   4.77 ms   p99  12 ms   n=5138 errors=0
    web process system calls per request: 1.90 writes, 2.00 reads (sockets and log)
`);
    expect(run.kinds.get("play")).toEqual({ rps: 987, web: 600, postgres: 749, writes: 2.47, kernel: 310, halfP99: 12 });
    const other = benchFigures(output({ yard: 20, command: 300, lobby: 120, spend: 600, p99: 10 }).replace("(web = 15.9× a bare answer of this run)", "\n    web process system calls per request: 2.10 writes, 2.20 reads"));
    const table = comparisonTable(["a", "b"], [[run], [other]]);
    expect(table).toContain("| play | web write syscalls per request | 2.47 (mean 2.5) | 2.1 (mean 2.1) | −15.0 % | 1 of 1 |");
  });

  it("takes a rewards run's claim p99 at half load", () => {
    const run = benchFigures("scenario: rewards (match3_v1, 200 verified players)\n  winning command with a claim, p99 at half load: median of 3 pairs 43.5 ms (37.2, 89.8, 43.5) (target ≤ 25 ms, issue 44) NOT MET\n");
    expect(run.kinds.get("rewards")).toEqual({ halfP99: 43.5 });
  });

  it("compares pair by pair: the means' change and in how many pairs the second side was better", () => {
    const base = [output({ yard: 20, command: 300, lobby: 120, spend: 600, p99: 10 }), output({ yard: 22, command: 320, lobby: 110, spend: 640, p99: 12 })].map(benchFigures);
    const head = [output({ yard: 21, command: 270, lobby: 125, spend: 560, p99: 9 }), output({ yard: 20, command: 290, lobby: 105, spend: 700, p99: 14 })].map(benchFigures);
    const table = comparisonTable(["base", "head"], [base, head]).split("\n");
    expect(table[2]).toBe("| bare answer | yardstick µs | 20.0, 22.0 | 21.0, 20.0 | | |");
    expect(table).toContain("| play | web CPU µs | 300, 320 (mean 310) | 270, 290 (mean 280) | −9.7 % | 2 of 2 |");
    expect(table).toContain("| lobby | web CPU µs | 120, 110 (mean 115) | 125, 105 (mean 115) | +0.0 % | 1 of 2 |");
    expect(table).toContain("| economy/spend | web CPU µs | 600, 640 (mean 620) | 560, 700 (mean 630) | +1.6 % | 1 of 2 |");
    // Throughput is better higher: the same figure in both, so neither pair counts.
    expect(table).toContain("| play | requests/s | 987, 987 (mean 987) | 987, 987 (mean 987) | +0.0 % | 0 of 2 |");
    expect(table).toContain("| play | half-load p99 ms | 10, 12 (mean 11) | 9, 14 (mean 11.5) | +4.5 % | 1 of 2 |");
  });

  it("leaves out a pair whose run lacks the figure", () => {
    const full = benchFigures(output({ yard: 20, command: 300, lobby: 120, spend: 600, p99: 10 }));
    const failed = benchFigures("Playloop benchmark\nscenario: play (…)\n");
    const table = comparisonTable(["a", "b"], [[full, full], [failed, full]]);
    expect(table).toContain("| play | web CPU µs | 300 (mean 300) | 300 (mean 300) | +0.0 % | 0 of 1 |");
  });
});
