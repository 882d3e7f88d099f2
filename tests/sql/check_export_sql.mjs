// Runs the README's SQL for `xsprof export` in DuckDB and compares it with `xsprof report`.
//
//   node check_export_sql.mjs --xsprof BIN --generator gen_selfprofiling_ndjson.py --readme README.md
//
// A generated collection (two releases, 300 traces) is collected, exported as CSV and as
// NDJSON, and the README's `sql:report-sums` and `sql:cohort-shares` blocks are run as
// written (only their 'out/' folder replaced): the sums must equal `report --where --json`,
// the shares `report --where --per-trace --json`, for each release, to 1e-9 relative.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let DuckDBInstance;
try {
    ({ DuckDBInstance } = await import('@duckdb/node-api'));
} catch (e) {
    console.error('DuckDB for Node is not installed: run `npm install` in tests/sql (scripts/test.sh does): ' + e.message);
    process.exit(1);
}

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, word, i, all) =>
    word.startsWith('--') ? [...pairs, [word.slice(2), all[i + 1]]] : pairs, []));
for (const needed of ['xsprof', 'generator', 'readme'])
    if (!args[needed]) { console.error(`--${needed} is required`); process.exit(2); }

const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };
const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

function sqlBlock(readme, name) {
    const marker = readme.indexOf(`<!-- sql:${name}`);
    if (marker < 0) throw new Error(`README has no sql:${name} block`);
    const start = readme.indexOf('```sql\n', marker) + '```sql\n'.length;
    return readme.slice(start, readme.indexOf('```', start));
}

const keyOf = (name, url, line, column) => JSON.stringify([name, url ?? '', Number(line), Number(column)]);

const work = mkdtempSync(join(tmpdir(), 'xsprof-sql-'));
try {
    const ndjson = join(work, 'beacons.ndjson'), db = join(work, 'field.db');
    execFileSync('python3', [args.generator, ndjson, '--traces', '300', '--samples', '120', '--functions', '40',
                             '--seed', '7']);
    execFileSync(args.xsprof, ['collect', db, ndjson, '--quiet']);
    const csvOut = join(work, 'csv'), jsonOut = join(work, 'ndjson');
    execFileSync(args.xsprof, ['export', db, csvOut]);
    execFileSync(args.xsprof, ['export', db, jsonOut, '--format', 'ndjson']);
    const report = (...extra) => JSON.parse(execFileSync(args.xsprof, ['report', db, '--json', ...extra],
                                                         { maxBuffer: 1 << 28 }).toString());

    const readme = readFileSync(args.readme, 'utf8');
    const sums = sqlBlock(readme, 'report-sums'), shares = sqlBlock(readme, 'cohort-shares');
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const rows = async (sql) => (await duck.runAndReadAll(sql)).getRowObjects();

    // Sums for release 2.5, from the CSV and from the NDJSON export.
    const expected = report('--where', 'release = "2.5"');
    const fromCsv = await rows(sums.replaceAll("'out/", `'${csvOut}/`));
    const fromJson = await rows(sums.replaceAll("'out/", `'${jsonOut}/`)
        .replace(/read_csv\('([^']*)costs\.csv', types = \{'release': 'VARCHAR'\}\)/, "read_json('$1costs.ndjson')"));
    for (const [label, got] of [['CSV', fromCsv], ['NDJSON', fromJson]]) {
        check(got.length === expected.functions.length,
              `${label}: ${got.length} functions from SQL, ${expected.functions.length} from report`);
        const byKey = new Map(got.map(r => [keyOf(r.function_name, r.function_url, r.function_line, r.function_column), r]));
        for (const f of expected.functions) {
            const row = byKey.get(keyOf(f.name, f.url, f.line, f.column));
            check(row !== undefined, `${label}: ${f.name} (${f.url}:${f.line}) missing from the SQL sums`);
            if (!row) continue;
            check(close(Number(row.self_us), f.self_us), `${label}: ${f.name} self ${row.self_us} != ${f.self_us}`);
            check(close(Number(row.inclusive_us), f.inclusive_us),
                  `${label}: ${f.name} inclusive ${row.inclusive_us} != ${f.inclusive_us}`);
        }
    }

    // Per-cohort shares against --per-trace, for both releases.
    const shareRows = await rows(shares.replaceAll("'out/", `'${csvOut}/`));
    let compared = 0;
    for (const release of ['2.4', '2.5']) {
        const perTrace = report('--where', `release = "${release}"`, '--per-trace');
        const ofRelease = shareRows.filter(r => r.release === release);
        check(ofRelease.length === perTrace.functions.length,
              `release ${release}: ${ofRelease.length} functions from SQL, ${perTrace.functions.length} from report`);
        const byKey = new Map(ofRelease.map(r => [keyOf(r.function_name, r.function_url, r.function_line, r.function_column), r]));
        for (const f of perTrace.functions) {
            const row = byKey.get(keyOf(f.name, f.url, f.line, f.column));
            check(row !== undefined && f.traces !== undefined, `release ${release}: ${f.name} missing`);
            if (!row || !f.traces) continue;
            check(Number(row.traces_present) === f.traces.present,
                  `${release} ${f.name}: present in ${row.traces_present} traces, report says ${f.traces.present}`);
            check(close(row.median_self_share, f.traces.self_share.median), `${release} ${f.name}: median self share`);
            check(close(row.p90_self_share, f.traces.self_share.p90), `${release} ${f.name}: p90 self share`);
            check(close(row.median_inclusive_share, f.traces.inclusive_share.median),
                  `${release} ${f.name}: median inclusive share`);
            ++compared;
        }
    }
    check(compared > 40, `only ${compared} functions compared`);
    if (failures.length) {
        console.error(failures.slice(0, 20).join('\n') + (failures.length > 20 ? `\n… ${failures.length} in all` : ''));
        process.exitCode = 1;
    } else {
        console.log(`DuckDB agrees with report: ${expected.functions.length} sums (CSV and NDJSON), ${compared} cohort shares`);
    }
} finally {
    rmSync(work, { recursive: true, force: true });
}
