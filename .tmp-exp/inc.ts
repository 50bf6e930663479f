import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { breakdown, functionTimes, withSources, type TProfile } from "../bench/profile-breakdown";
const file = process.argv[2]!;
const profile = withSources(JSON.parse(readFileSync(file, "utf8")) as TProfile, dirname(file));
const r = breakdown(profile, 10);
const fns = functionTimes(profile, 10, r.fromS);
const re = new RegExp(process.argv[3] ?? "routers/");
for (const f of fns.filter((x) => re.test(x.name)).sort((a, b) => b.inclusive - a.inclusive).slice(0, 40)) console.log((f.inclusive * 100).toFixed(2).padStart(6), (f.self * 100).toFixed(2).padStart(6), f.name);
