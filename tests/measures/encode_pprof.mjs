// Writes a V8 .cpuprofile as gzipped pprof with pprof-format (an encoder independent of
// xsprof's), for check_pprof.py: one pprof sample per call tree node with the time its samples
// last (until the next sample; the last until endTime), cpu/microseconds, samples/count.
//
//   node encode_pprof.mjs IN.cpuprofile OUT.pb.gz
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

let pprof;
try {
    pprof = await import('pprof-format');
} catch (e) {
    console.error('pprof-format is not installed: run `npm install` in tests/measures (scripts/test.sh does): ' + e.message);
    process.exit(77);
}
const { Function: PFunction, Line, Location, Profile, Sample, StringTable, ValueType } = pprof;

const [input, output] = process.argv.slice(2);
const cpu = JSON.parse(readFileSync(input, 'utf8'));
const times = [];
let t = cpu.startTime;
for (const delta of cpu.timeDeltas) {
    if (delta < 0) throw new Error('negative time delta: this encoder does not sort samples');
    t += delta;
    times.push(t);
}
if (cpu.endTime === undefined) throw new Error('no endTime: the last sample would need the median rule');
const timeOf = new Map(); // node id -> [µs, samples]
cpu.samples.forEach((id, i) => {
    const duration = i + 1 < times.length ? times[i + 1] - times[i] : Math.max(0, cpu.endTime - times[i]);
    const entry = timeOf.get(id) ?? [0, 0];
    entry[0] += duration;
    entry[1] += 1;
    timeOf.set(id, entry);
});

const strings = new StringTable();
const parentOf = new Map();
for (const node of cpu.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
const functionIds = new Map(); // "name|url|line|column" -> function id
const functions = [], locations = [];
for (const node of cpu.nodes) {
    const f = node.callFrame;
    const key = [f.functionName, f.url, f.lineNumber, f.columnNumber].join('|');
    if (!functionIds.has(key)) {
        functionIds.set(key, functions.length + 1);
        functions.push(new PFunction({
            id: functions.length + 1,
            name: strings.dedup(f.functionName),
            systemName: strings.dedup(f.functionName),
            filename: strings.dedup(f.url),
            startLine: f.lineNumber >= 0 ? f.lineNumber + 1 : 0,
        }));
    }
    locations.push(new Location({ id: node.id, line: [new Line({ functionId: functionIds.get(key), line: 0 })] }));
}
const samples = [];
for (const [id, [us, count]] of timeOf) {
    if (us <= 0) continue;
    const stack = [];
    for (let at = id; at !== undefined; at = parentOf.get(at)) stack.push(at); // leaf first
    samples.push(new Sample({ locationId: stack, value: [count, Math.round(us)] }));
}
const cpuType = new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('microseconds') });
const profile = new Profile({
    sampleType: [new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }), cpuType],
    sample: samples,
    location: locations,
    function: functions,
    stringTable: strings,
    periodType: cpuType,
    durationNanos: Math.round((cpu.endTime - cpu.startTime) * 1000),
});
writeFileSync(output, gzipSync(profile.encode()));
