// `xsprof dap` attached on a port, against machines recorded from the real engine and the
// Moddable simulator (../shared/corpus/xsbug), played by ../shared/tools/xs_replay.py: no engine
// needed, so these run everywhere. What the adapter reports is compared with the recording.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { corpusDir, DapSession, delay, fixturesDir, freePort, replayMachine, runTool, xsprofPath } from './lib/session.mjs';
import { readTranscript } from './lib/transcript.mjs';

const corpus = (name) => join(corpusDir, 'xsbug', name);

// Starts the adapter and attaches on a free port as an editor does; resolves once configured.
async function attachOnPort(attach = {}) {
    const session = await new DapSession().start();
    await session.initialize();
    const port = await freePort();
    const attached = session.request('attach', { port, ...attach });
    await session.nextEvent('initialized');
    // One entry per filter given (DAP): none here.
    const exceptions = await session.request('setExceptionBreakpoints', { filters: [] });
    assert.deepEqual(exceptions.body.breakpoints, []);
    await session.request('configurationDone');
    await attached;
    return { session, port };
}

// DAP shows a string as "text" or 'text'; the machine sends 'text'.
const unquote = (value) => value.replace(/^(['"])(.*)\1$/s, '$2');

describe('xsprof dap attached to recorded machines', () => {
    let workspace;
    before(() => { workspace = mkdtempSync(join(tmpdir(), 'xsprof-dap-ws-')); });
    after(() => rmSync(workspace, { recursive: true, force: true }));

    test('console and conversations as output, a debugger break, an exception break, paths mapped', async () => {
        const recording = readTranscript(corpus('log_and_break.break.xsbug'));
        const remoteRoot = '/home/dev/xs-app';
        const localFile = join(workspace, 'log_and_break.js');
        writeFileSync(localFile, '// the workspace copy of the recorded app\n'.repeat(60));
        const { session, port } = await attachOnPort({ localRoot: workspace, remoteRoot });
        try {
            const replay = replayMachine(corpus('log_and_break.break.xsbug'), port, ['--wait-timeout', '30']);

            const started = await session.nextEvent('thread', (e) => e.body.reason === 'started');
            const threadId = started.body.threadId;
            const { threads } = (await session.request('threads')).body;
            assert.deepEqual(threads.map((t) => [t.id, t.name]), [[threadId, recording.login.name]],
                             'the machine is one thread named as it logged in');

            // First break: the `debugger` statement, with the recorded stack under the workspace's path.
            const first = await session.nextEvent('stopped');
            assert.equal(first.body.threadId, threadId);
            assert.notEqual(first.body.reason, 'exception');
            const [debuggerBreak, exceptionBreak] = recording.breaks;
            assert.match(`${first.body.description ?? ''} ${first.body.text ?? ''} ${first.body.reason}`, /debugger/i);
            const trace = (await session.request('stackTrace', { threadId })).body.stackFrames;
            const withPaths = debuggerBreak.frames.filter((f) => f.path);
            assert.deepEqual(trace.slice(0, withPaths.length).map((f) => [f.name, f.line, f.source?.path]),
                             withPaths.map((f) => [f.name, Number(f.line), f.path.replace(remoteRoot, workspace)]),
                             'the recorded frames, their paths mapped from remoteRoot to localRoot');

            // The console up to the break, in order (a line continued across two <log> is one line).
            const logsBefore = recording.logs.slice(0, 4).join('');
            await session.waitForOutput(logsBefore, 5000, ['stdout'], { console: true });
            assert.ok(session.console().startsWith(logsBefore), 'stdout output is the console: ' + JSON.stringify(session.console()));
            // The trace.left() conversation: its name, its text and where it was sent.
            const [bubble] = recording.bubbles;
            const conversation = session.all('output').find((e) => e.body.data?.conversation);
            assert.ok(conversation, 'the conversation message is an output event');
            assert.equal(conversation.body.data.conversation, bubble.name);
            assert.ok(conversation.body.output.includes(`[${bubble.name}]`) && conversation.body.output.includes(bubble.text) &&
                      conversation.body.output.includes(`${bubble.path.split('/').pop()}:${bubble.line}`), conversation.body.output);

            // Scopes and the selected frame's locals, as recorded.
            const scopes = (await session.request('scopes', { frameId: trace[0].id })).body.scopes;
            assert.ok(scopes.some((s) => s.name === 'Locals'), 'a Locals scope: ' + scopes.map((s) => s.name));
            const locals = await session.variables(scopes.find((s) => s.name === 'Locals').variablesReference);
            for (const recorded of debuggerBreak.locals.filter((p) => !p.value.startsWith('@') && !p.name.startsWith('(')))
                assert.equal(unquote(locals.get(recorded.name)?.value ?? '(missing)'), unquote(recorded.value), recorded.name);
            for (const recorded of debuggerBreak.locals.filter((p) => p.flags?.startsWith('+') && p.name === 'data'))
                assert.ok(locals.get(recorded.name)?.variablesReference > 0, `${recorded.name} opens on request`);

            // Second break: the exception the machine broke on.
            await session.request('continue', { threadId });
            const second = await session.nextEvent('stopped');
            assert.equal(second.body.reason, 'exception');
            const message = exceptionBreak.text.replace(/^# Break: /, '').replace(/!$/, '');
            assert.match(`${second.body.description ?? ''} ${second.body.text ?? ''}`, new RegExp(message));
            const top = (await session.request('stackTrace', { threadId })).body.stackFrames[0];
            assert.deepEqual([top.name, top.line], [exceptionBreak.frames[0].name, Number(exceptionBreak.frames[0].line)]);

            // The machine runs to its end: the rest of the console, then the thread exits.
            await session.request('continue', { threadId });
            await session.waitForOutput(recording.logs.join(''), 5000, ['stdout'], { console: true });
            const exited = await session.nextEvent('thread', (e) => e.body.reason === 'exited');
            assert.equal(exited.body.threadId, threadId);
            // An attach session waits for the next machine until the editor disconnects.
            await session.waitForOutput(/no machine is connected: waiting for the next on 127\.0\.0\.1:\d+/, 5000);
            assert.equal(session.all('terminated').length, 0, 'attach does not end with its machine');

            const { code, summary } = await replay;
            assert.equal(code, 0, 'the machine completed its replay: ' + JSON.stringify(summary.machines));
            const commands = summary.machines[0].commands_received;
            assert.deepEqual(commands, ['set-all-breakpoints', ...recording.breaks.map(() => 'go')],
                             'the login answered, then one go for each continue');
        } finally {
            await session.close();
        }
    });

    test('the app and its Workers are threads; Workers with nothing to show do not flood the editor', async () => {
        const app = readTranscript(corpus('sim_worker_main.xsbug'));
        const workerName = readTranscript(corpus('sim_worker.xsbug')).login.name;
        const workers = 40;
        const { session, port } = await attachOnPort();
        try {
            const appReplay = replayMachine(corpus('sim_worker_main.xsbug'), port);
            await session.nextEvent('thread', (e) => e.body.reason === 'started');
            const storm = await runTool('machine_storm.py', [corpus('sim_worker.xsbug'), '--connect', `127.0.0.1:${port}`,
                                                             '--count', String(workers), '--parallel', '4']);
            const stormSummary = JSON.parse(storm.stdout);
            assert.equal(storm.code, 0, storm.stderr + storm.stdout);
            assert.equal(stormSummary.results.done, workers, 'every Worker logged in, was answered and left: ' + storm.stdout);
            assert.equal(stormSummary.login_answer_s.answered, workers);
            const { code } = await appReplay;
            assert.equal(code, 0);
            // The app's console, all of it, in order.
            await session.waitForOutput(app.logs.join(''), 10000, ['stdout'], { console: true });

            const threadEvents = () => session.all('thread').map((e) => e.body);
            const started = threadEvents().filter((b) => b.reason === 'started');
            assert.ok(started.length >= 1 && started.length <= 4,
                      `${workers} ${workerName} Workers that only log in and leave make at most a few threads, not ` +
                      `${started.length}: ` + JSON.stringify(threadEvents()));
            // Every thread the editor heard of is gone again, each told once.
            await session.nextEvent('thread', (e) => e.body.reason === 'exited' &&
                                    threadEvents().filter((b) => b.reason === 'exited').length === started.length, 10000);
            const exitedIds = threadEvents().filter((b) => b.reason === 'exited').map((b) => b.threadId);
            assert.deepEqual([...exitedIds].sort(), started.map((b) => b.threadId).sort(),
                             'each started thread exits once: ' + JSON.stringify(threadEvents()));
            const { threads } = (await session.request('threads')).body;
            assert.deepEqual(threads, [], 'no machine is left');
        } finally {
            await session.close();
        }
    });

    test('a condition or log point the compiler refuses is unverified with its words; the others reach the machine',
         async () => {
        const received = join(workspace, 'received.bin');
        const remote = readTranscript(corpus('log_and_break.break.xsbug')).breaks[0].path;
        const session = await new DapSession().start();
        try {
            await session.initialize();
            const port = await freePort();
            const attached = session.request('attach', { port, xsc: join(fixturesDir, 'failing-xsc') });
            await session.nextEvent('initialized');
            const set = await session.request('setBreakpoints', {
                source: { path: remote },
                breakpoints: [{ line: 20, condition: 'depth > 1' }, { line: 22 }, { line: 30, logMessage: 'x = {x}' }],
            });
            assert.deepEqual(set.body.breakpoints.map((b) => b.line), [20, 22, 30]);
            await session.request('configurationDone');
            await attached;
            const replay = replayMachine(corpus('log_and_break.break.xsbug'), port,
                                         ['--wait-timeout', '0.3', '--save-received', received]);
            const refused = [await session.nextEvent('breakpoint'), await session.nextEvent('breakpoint')]
                .map((e) => e.body.breakpoint).sort((a, b) => a.line - b.line);
            assert.deepEqual(refused.map((b) => [b.id, b.line, b.verified]),
                             [[set.body.breakpoints[0].id, 20, false], [set.body.breakpoints[2].id, 30, false]]);
            assert.match(refused[0].message, /^condition: .*this stand-in compiles nothing/);
            assert.match(refused[1].message, /^log message: .*this stand-in compiles nothing/);
            await replay;
            const sent = readFileSync(received, 'latin1');
            assert.match(sent, /<breakpoint path="[^"]*log_and_break\.js" line="22"/, 'the plain breakpoint is in the login answer');
            assert.doesNotMatch(sent, /line="(20|30)"/, 'the refused ones are not: ' + sent);
        } finally {
            await session.close();
        }
    });

    test('xsprof/profile writes the machine\'s profile as a .cpuprofile with the oracle\'s numbers', async () => {
        const stem = 'gc_alloc.profile-on-start';
        const expected = JSON.parse(readFileSync(corpus(`${stem}.expected.json`), 'utf8')).profiles[0];
        const file = join(workspace, `${stem}.cpuprofile`);
        const { session, port } = await attachOnPort();
        try {
            // Played at its recorded pace (2 s): the machine is there while the editor asks.
            const replay = replayMachine(corpus(`${stem}.xsbug`), port, ['--speed', '1']);
            const { threadId } = (await session.nextEvent('thread', (e) => e.body.reason === 'started')).body;
            const started = await session.request('xsprof/profile', { action: 'start', threadId });
            assert.equal(started.body.profiling, true);
            // "profiling": true answers the request, not the machine: until the machine says it
            // profiles (<pt start>), a stop is refused as "not profiling"; ask again then.
            let stopped;
            for (let tries = 0; !stopped; ++tries) {
                const answer = await session.rawRequest('xsprof/profile', { action: 'stop', threadId, path: file }, 15000);
                if (answer.success)
                    stopped = answer;
                else if (!/not profiling/.test(answer.message) || tries > 50)
                    assert.fail('stop: ' + answer.message);
                else
                    await delay(100);
            }
            assert.deepEqual(stopped.body, { path: file, samples: expected.sample_count, durationMs: expected.duration / 1000 });
            await replay;

            const report = JSON.parse(execFileSync(xsprofPath, ['report', file, '--json']).toString());
            assert.equal(report.sample_count, expected.sample_count);
            assert.equal(report.duration_us, expected.duration);
            const byId = new Map(report.functions.map((f) => [f.id, f]));
            for (const f of expected.functions) {
                const [name, url, line] = f.key; // the oracle's unknown line is -1, report's 0
                assert.deepEqual([byId.get(f.id)?.name, byId.get(f.id)?.url, byId.get(f.id)?.line], [name, url, Math.max(line, 0)]);
                assert.equal(byId.get(f.id).self_us, f.self, `${name}: self`);
                assert.ok(Math.abs(byId.get(f.id).total_us - f.divided_total) < 1e-6 * expected.duration, `${name}: total`);
            }
        } finally {
            await session.close();
        }
    });

    test('a machine that drops its connection at a break ends its thread; the adapter goes on', async () => {
        const { session, port } = await attachOnPort();
        try {
            // The replay waits at the first break for 1 s, gives up, and its overall limit cuts it there.
            const replay = replayMachine(corpus('log_and_break.break.xsbug'), port,
                                         ['--wait-timeout', '30', '--timeout', '1.5', '--close-with-reset']);
            const stopped = await session.nextEvent('stopped');
            const exited = await session.nextEvent('thread', (e) => e.body.reason === 'exited', 10000);
            assert.equal(exited.body.threadId, stopped.body.threadId);
            // A request about the machine that left gets an answer (an error, or no frames), not silence.
            const late = await session.rawRequest('stackTrace', { threadId: stopped.body.threadId }, 5000);
            assert.ok(!late.success || late.body.stackFrames.length === 0, JSON.stringify(late));
            const { threads } = (await session.request('threads')).body;
            assert.deepEqual(threads, []);
            await replay;
        } finally {
            await session.close();
        }
    });
});
