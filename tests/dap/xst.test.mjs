// `xsprof dap` against the real XS engine: `launch` runs xst on fixtures/program.js with the
// adapter's port, and an editor's requests stop, inspect, evaluate and step it.
//
// XSPROF_TEST_XST names a debug xst and XSPROF_TEST_XSC an xsc of the same XS version and ID
// size (conditions, log points and evaluate are compiled by it); without them every case skips
// (CI has no Moddable SDK).
import assert from 'node:assert/strict';
import { accessSync, constants, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, test } from 'node:test';

import { DapSession, delay, fixturesDir, freePort, lineOf } from './lib/session.mjs';

const xst = process.env.XSPROF_TEST_XST ?? '', xsc = process.env.XSPROF_TEST_XSC ?? '';
const executable = (path) => {
    try {
        accessSync(path, constants.X_OK);
        return true;
    } catch {
        return false;
    }
};
const skip = executable(xst) && executable(xsc) ? false
    : 'no XS engine: set XSPROF_TEST_XST and XSPROF_TEST_XSC to a debug xst and a matching xsc of the Moddable SDK ' +
      '(xs/makefiles/lin/xst.mk; xsc built with xst.h\'s feature flags) to run these against the real engine';

// A process that has not ended (a zombie has).
const runs = (pid) => {
    try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
        return false;
    }
};

const program = realpathSync(join(fixturesDir, 'program.js'));
const line = (name) => lineOf(program, name);
const source = { path: program, name: 'program.js' };

// What fixtures/program.js computes, worked out here rather than read from the adapter.
const squaresBelow = (i) => Array.from({ length: i }, (_, k) => k * k);
const sum = (values) => values.reduce((a, b) => a + b, 0);
const loopCount = 3 + 7; // accumulate(config.sizes.length + 7)

// Starts xst under the adapter as VS Code does: initialize, launch, then on `initialized` the
// breakpoints and configurationDone. `breakpoints` is a setBreakpoints body for program.js.
async function launchProgram({ breakpoints = [], exceptionFilters = [], launch = {} } = {}) {
    const session = await new DapSession().start();
    const capabilities = await session.initialize();
    const launched = session.request('launch', { program: xst, args: [program], cwd: fixturesDir, xsc, ...launch });
    await session.nextEvent('initialized');
    const set = await session.request('setBreakpoints', { source, breakpoints, lines: breakpoints.map((b) => b.line) });
    const filters = exceptionFilters.map((want) => {
        const offered = (capabilities.exceptionBreakpointFilters ?? []).find((f) => want.test(f.filter));
        assert.ok(offered, `the adapter offers an exception filter matching ${want}: ` +
                           JSON.stringify(capabilities.exceptionBreakpointFilters));
        return offered.filter;
    });
    await session.request('setExceptionBreakpoints', { filters });
    await session.request('configurationDone');
    await launched;
    return { session, capabilities, verified: set.body.breakpoints };
}

// Launches `script` (initialized already) breaking on exceptions; resolves with its first stop,
// which must be at a throw.
async function stopAtTheThrow(session, script) {
    const launched = session.request('launch', { program: xst, args: [script], cwd: fixturesDir, xsc });
    await session.nextEvent('initialized');
    await session.request('setExceptionBreakpoints', { filters: ['exceptions'] });
    await session.request('configurationDone');
    await launched;
    const stopped = await session.nextEvent('stopped', () => true, 20000);
    assert.equal(stopped.body.reason, 'exception');
    return stopped;
}

// The machine runs to its end: the adapter says terminated and nothing stops on the way.
async function runsToTheEnd(session, stopsSoFar) {
    await session.nextEvent('terminated', () => true, 20000);
    assert.equal(session.all('stopped').length, stopsSoFar,
                 'no further stop: ' + JSON.stringify(session.all('stopped').map((e) => e.body)));
}

describe('xsprof dap with the real xst', { skip }, () => {
    // Issue 50 item 1: XS keeps the thrown value in one slot that an evaluation which throws (or
    // which runs a try statement) clears; the editor's own hovers and watches must not change the
    // program. caught.js run under the adapter with and without failing evaluations at its
    // exception break: the same output, the same exit code (0).
    test('evaluations at an exception break leave the thrown value to the program', async () => {
        const caught = realpathSync(join(fixturesDir, 'caught.js'));
        const run = async (evaluations) => {
            const session = await new DapSession().start();
            try {
                await session.initialize();
                const stopped = await stopAtTheThrow(session, caught);
                assert.equal(stopped.body.line ?? lineOf(caught, 'throw'), lineOf(caught, 'throw'));
                const { frame } = await session.topFrame(stopped.body.threadId);
                const answers = [];
                for (const [expression, context] of evaluations) {
                    const response = await session.rawRequest('evaluate', { expression, context, frameId: frame.id });
                    answers.push({ expression, success: response.success, result: response.body?.result, message: response.message });
                }
                await session.request('continue', { threadId: stopped.body.threadId });
                const exited = await session.nextEvent('exited', () => true, 20000);
                await session.nextEvent('terminated', () => true, 5000);
                return { answers, exitCode: exited.body.exitCode, output: session.output(['stdout']) };
            } finally {
                await session.close();
            }
        };
        const plain = await run([]);
        assert.equal(plain.exitCode, 0, 'caught.js exits 0 under the adapter: ' + plain.output);
        assert.match(plain.output, /caught value 5 is too large\ndone\n/);

        const failing = await run([
            ['nope', 'hover'],                                  // an unknown name, as editors hover
            ['nope.deeper', 'watch'],
            ['limit.missing.deeper', 'watch'],                 // through undefined
            ['missing()', 'repl'],                              // a call: refused, not run
            ['(() => { try { return 1 } finally {} })()', 'repl'], // completes a try: refused, not run
            ['value', 'hover'],
            ['limit.max', 'watch'],
            ['limit["name"]', 'repl'],
            ['attempts', 'hover'], // not risky()'s: found again in the script's frame
        ]);
        assert.deepEqual({ exitCode: failing.exitCode, output: failing.output }, { exitCode: plain.exitCode, output: plain.output },
                         'the same program with evaluations at its exception break: ' + JSON.stringify(failing.answers));
        const answer = (e) => failing.answers.find((a) => a.expression === e);
        assert.equal(answer('nope').success, false);
        assert.match(answer('nope').message, /nope is not defined/);
        assert.equal(answer('nope.deeper').success, false);
        assert.equal(answer('limit.missing.deeper').result, 'undefined', 'a step through undefined reads undefined');
        for (const refused of ['missing()', '(() => { try { return 1 } finally {} })()']) {
            assert.equal(answer(refused).success, false);
            assert.match(answer(refused).message, /thrown value/, 'says why it is not evaluated');
        }
        assert.equal(answer('value').result, '5');
        assert.equal(answer('limit.max').result, '2');
        assert.equal(answer('attempts').result, '5', 'the script\'s const, after a "not defined" answered in risky(): ' +
                     JSON.stringify(answer('attempts')));
        assert.equal(answer('limit["name"]').result, "'limit'");
    });

    // Issue 50 item 2: print() goes to a pseudo-terminal, so each line arrives when printed.
    test('print() output arrives when printed, before the stop that follows it', async () => {
        const printing = realpathSync(join(fixturesDir, 'printing.js'));
        const session = await new DapSession().start();
        try {
            await session.initialize();
            const launched = session.request('launch', { program: xst, args: [printing], cwd: fixturesDir, xsc });
            await session.nextEvent('initialized');
            await session.request('configurationDone');
            await launched;
            const stopped = await session.nextEvent('stopped', () => true, 20000);
            assert.equal(stopped.body.reason, 'breakpoint', 'the debugger statement');
            await session.waitForOutput('first line\n', 3000, ['stdout']);
            assert.doesNotMatch(session.output(['stdout']), /second line/);
            await session.request('continue', { threadId: stopped.body.threadId });
            const exited = await session.nextEvent('exited', () => true, 20000);
            assert.equal(exited.body.exitCode, 0);
            assert.equal(session.output(['stdout']), 'first line\nsecond line\n', 'in order, "\\n" as printed (no "\\r")');
        } finally {
            await session.close();
        }
    });

    // Issue 50 item 3: an attach session outlives its machines; the next xst on the port is
    // debugged too. xst reads the port from XSBUG_HOST=host:port (XSBUG_PORT alone: 5002).
    test('attach waits for machines until the editor disconnects', async () => {
        const printing = realpathSync(join(fixturesDir, 'printing.js'));
        const port = await freePort();
        const session = await new DapSession().start();
        try {
            await session.initialize();
            await session.request('attach', { port, xsc });
            await session.request('configurationDone');
            await session.waitForOutput(`waiting for XS machines on 127.0.0.1:${port}`, 5000);
            for (const run of [1, 2]) {
                const machine = spawn(xst, [printing], { cwd: fixturesDir, stdio: 'ignore',
                                                         env: { ...process.env, XSBUG_HOST: `127.0.0.1:${port}` } });
                const ended = new Promise((done) => machine.on('exit', (code) => done(code)));
                const stopped = await session.nextEvent('stopped', () => true, 20000);
                assert.equal(stopped.body.reason, 'breakpoint', `run ${run} stops at its debugger statement`);
                await session.request('continue', { threadId: stopped.body.threadId });
                assert.equal(await ended, 0, `run ${run} of xst exits 0`);
                await session.nextEvent('thread', (e) => e.body.reason === 'exited', 5000);
                await session.waitUntil(() => session.output().split('waiting for the next on').length > run, 5000,
                                        'the adapter says it waits for the next machine');
                assert.equal(session.all('terminated').length, 0, `no terminated after run ${run}`);
            }
            const threads = session.all('thread').filter((e) => e.body.reason === 'started').map((e) => e.body.threadId);
            assert.equal(threads.length, 2, 'each run was a thread');
            // terminate ends the session: the machine is aborted, then terminated.
            const third = spawn(xst, [printing], { cwd: fixturesDir, stdio: 'ignore',
                                                   env: { ...process.env, XSBUG_HOST: `127.0.0.1:${port}` } });
            const thirdEnded = new Promise((done) => third.on('exit', (code) => done(code)));
            await session.nextEvent('stopped', () => true, 20000);
            await session.request('terminate');
            await session.nextEvent('terminated', () => true, 5000);
            await thirdEnded;
        } finally {
            await session.close();
        }
    });

    // Issue 50 item 9: XS evaluates in one frame's scope (<eval id="@FRAME">), so a script's
    // top-level const is looked up again in the script's own frame; stepping into a function
    // stops once on its header line (XS stops there twice); a log point that fails at every hit
    // says so once.
    test('top-level const from a function frame, one stop entering a function, a failing log point once', async () => {
        const scoped = realpathSync(join(fixturesDir, 'scoped.js'));
        const at = (name) => lineOf(scoped, name);
        const session = await new DapSession().start();
        try {
            await session.initialize();
            const launched = session.request('launch', { program: xst, args: [scoped], cwd: fixturesDir, xsc });
            await session.nextEvent('initialized');
            await session.request('setBreakpoints', { source: { path: scoped }, breakpoints: [
                { line: at('call'), condition: 'i === 0' }, { line: at('f-first'), logMessage: 'over by {n - missing}' }] });
            await session.request('configurationDone');
            await launched;
            let stopped = await session.nextEvent('stopped', () => true, 20000);
            const threadId = stopped.body.threadId;
            const lines = [];
            for (let i = 0; i < 2; i++) {
                await session.request('stepIn', { threadId });
                stopped = await session.nextEvent('stopped', () => true, 20000);
                lines.push((await session.topFrame(threadId)).frame.line);
            }
            assert.deepEqual(lines, [at('f-header'), at('f-first')], 'into f(): its header once, then its first line');
            const { frame } = await session.topFrame(threadId);
            const evaluate = (expression) => session.rawRequest('evaluate', { expression, frameId: frame.id, context: 'watch' });
            assert.equal((await evaluate('LIMIT')).body?.result, '5', 'the top-level const, from f\'s frame');
            assert.equal((await evaluate('n')).body?.result, '0', 'f\'s own parameter');
            assert.equal((await evaluate('nothing')).success, false);
            await session.request('continue', { threadId });
            await session.nextEvent('terminated', () => true, 20000);
            const failures = session.output().split('\n').filter((l) => l.includes('missing'));
            assert.equal(failures.length, 1, 'the log point failed at each of 3 hits, said once: ' + JSON.stringify(session.output()));
            assert.match(failures[0], /ReferenceError.*shown once/);
            assert.match(session.output(), /done\n/);
        } finally {
            await session.close();
        }
    });

    test('a conditional breakpoint stops where it holds: stack, scopes, variables, evaluate', async () => {
        const { session, verified } = await launchProgram({ breakpoints: [{ line: line('add'), condition: 'i === 6' }] });
        try {
            assert.equal(verified.length, 1);
            assert.equal(verified[0].verified, true, 'the conditional breakpoint is verified: ' + JSON.stringify(verified[0]));

            const stopped = await session.nextEvent('stopped', () => true, 20000);
            assert.equal(stopped.body.reason, 'breakpoint');
            const { threads } = (await session.request('threads')).body;
            assert.deepEqual(threads.map((t) => t.name), ['xst'], 'one machine, one thread, named as in the window');
            assert.equal(stopped.body.threadId, threads[0].id);

            const { frame, frames } = await session.topFrame(stopped.body.threadId);
            assert.match(frame.name, /accumulate/);
            assert.equal(frame.line, line('add'));
            assert.equal(frame.source.path, program, 'the frame names the workspace file');
            assert.equal(frames[1]?.line, line('call-accumulate'), 'the caller is the top level, where it called accumulate: ' +
                         JSON.stringify(frames.map((f) => [f.name, f.line])));

            const scopes = (await session.request('scopes', { frameId: frame.id })).body.scopes;
            const names = scopes.map((s) => s.name);
            assert.ok(names.includes('Locals') && names.includes('Globals'), 'scopes as the window shows them: ' + names);
            const locals = await session.variables(scopes.find((s) => s.name === 'Locals').variablesReference);
            const squares = squaresBelow(7);           // i = 0..6 pushed, i === 6 not yet added
            assert.equal(locals.get('i')?.value, '6');
            assert.equal(locals.get('sq')?.value, String(6 * 6));
            assert.equal(locals.get('total')?.value, String(sum(squaresBelow(6))));

            // Lazy expansion: stats opens on request, and its array opens in turn.
            const stats = locals.get('stats');
            assert.ok(stats && stats.variablesReference > 0, 'stats is an object that opens: ' + JSON.stringify(stats));
            const statsFields = await session.variables(stats.variablesReference);
            assert.match(statsFields.get('label')?.value ?? '', /^(['"])squares\1$/);
            assert.equal(statsFields.get('calls')?.value, '0');
            const array = statsFields.get('squares');
            assert.ok(array.variablesReference > 0, 'the array opens: ' + JSON.stringify(array));
            const items = await session.variables(array.variablesReference);
            assert.deepEqual(squares.map((_, k) => items.get(`[${k}]`)?.value ?? items.get(String(k))?.value),
                             squares.map(String), 'the array holds the squares so far: ' + JSON.stringify([...items.keys()]));

            // Add to Watch: a variable's evaluateName evaluates to the variable.
            const item = items.get('[6]');
            assert.ok(item?.evaluateName, 'the item says how to evaluate it: ' + JSON.stringify(item));
            const watched = await session.request('evaluate', { expression: item.evaluateName, context: 'watch', frameId: frame.id },
                                                  15000);
            assert.equal(watched.body.result, '36');

            // evaluate in the three contexts an editor uses, in the selected frame.
            const evaluate = async (expression, context) =>
                (await session.request('evaluate', { expression, context, frameId: frame.id }, 15000)).body;
            assert.equal((await evaluate('total + sq', 'repl')).result, String(sum(squaresBelow(6)) + 36));
            assert.equal((await evaluate('stats.squares.length', 'watch')).result, String(squares.length));
            assert.equal((await evaluate('sq', 'hover')).result, '36');
            // An object made by the expression opens.
            const object = await evaluate('({ outer: { inner: sq }, label: stats.label })', 'repl');
            assert.ok(object.variablesReference > 0, 'an object result opens: ' + JSON.stringify(object));
            const fields = await session.variables(object.variablesReference);
            assert.match(fields.get('label')?.value ?? '', /^(['"])squares\1$/);
            assert.ok(fields.has('outer'), JSON.stringify([...fields.keys()]));

            // A name that does not exist is an error response naming it, and the machine goes on.
            const bad = await session.rawRequest('evaluate', { expression: 'noSuchName + 1', context: 'repl', frameId: frame.id },
                                                 15000);
            assert.equal(bad.success, false, 'evaluating an unknown name fails: ' + JSON.stringify(bad));
            assert.match(bad.message + JSON.stringify(bad.body ?? {}), /noSuchName/);

            await session.request('continue', { threadId: stopped.body.threadId });
            await session.waitForOutput(`sum ${sum(squaresBelow(loopCount))}\n`, 15000);
            await runsToTheEnd(session, 1);
            assert.doesNotMatch(session.output(), /RangeError/, 'no exception break was asked for');
        } finally {
            await session.close();
        }
    });

    test('an object an evaluation returns opens level by level', async () => {
        const { session } = await launchProgram({ breakpoints: [{ line: line('add'), condition: 'i === 6' }] });
        try {
            const stopped = await session.nextEvent('stopped', () => true, 20000);
            const { frame } = await session.topFrame(stopped.body.threadId);
            const object = (await session.request('evaluate', { expression: '({ outer: { inner: sq } })', context: 'repl',
                                                                 frameId: frame.id }, 15000)).body;
            const outer = (await session.variables(object.variablesReference)).get('outer');
            assert.ok(outer?.variablesReference > 0, 'the nested object opens: ' + JSON.stringify(outer));
            assert.equal((await session.variables(outer.variablesReference)).get('inner')?.value, '36');
            // Issue 50 item 5: the prototype entry opens from a result too, as from a scope.
            const proto = (await session.variables(outer.variablesReference)).get('(..)');
            assert.ok(proto?.variablesReference > 0, 'the prototype entry opens: ' + JSON.stringify(proto));
            assert.match(proto.evaluateName, /\.outer\)?\.__proto__$/);
            const members = await session.variables(proto.variablesReference);
            assert.ok(members.has('hasOwnProperty') && members.has('constructor'),
                      'Object.prototype\'s members: ' + [...members.keys()].join(' '));
        } finally {
            await session.close();
        }
    });

    test('a log point prints its interpolated message at each pass and never stops', async () => {
        const { session } = await launchProgram({
            breakpoints: [{ line: line('call-square'), logMessage: 'i={i} total={total} of {stats.label}' }],
        });
        try {
            await runsToTheEnd(session, 0);
            const expected = Array.from({ length: loopCount }, (_, i) => `i=${i} total=${sum(squaresBelow(i))} of squares`);
            const lines = session.output().split('\n');
            assert.deepEqual(lines.filter((l) => l.startsWith('i=')), expected,
                             'output: ' + JSON.stringify(session.output()) + ' breakpoint events: ' +
                             JSON.stringify(session.all('breakpoint').map((e) => e.body)));
            assert.ok(lines.indexOf(expected.at(-1)) < lines.indexOf(`sum ${sum(squaresBelow(loopCount))}`),
                      'the log points come before the sum is traced: ' + JSON.stringify(lines));
        } finally {
            await session.close();
        }
    });

    test('a function breakpoint stops when the function is called', async () => {
        const session = await new DapSession().start();
        try {
            const capabilities = await session.initialize();
            assert.equal(capabilities.supportsFunctionBreakpoints, true);
            const launched = session.request('launch', { program: xst, args: [program], cwd: fixturesDir, xsc });
            await session.nextEvent('initialized');
            const set = await session.request('setFunctionBreakpoints', { breakpoints: [{ name: 'risky' }] });
            assert.equal(set.body.breakpoints.length, 1);
            await session.request('setExceptionBreakpoints', { filters: [] });
            await session.request('configurationDone');
            await launched;
            const stopped = await session.nextEvent('stopped', () => true, 20000);
            assert.equal(stopped.body.reason, 'function breakpoint');
            assert.deepEqual(stopped.body.hitBreakpointIds, [set.body.breakpoints[0].id]);
            const { frame } = await session.topFrame(stopped.body.threadId);
            assert.match(frame.name, /risky/);
            const value = await session.request('evaluate', { expression: 'value', context: 'watch', frameId: frame.id }, 15000);
            assert.equal(value.body.result, '5');
            assert.match(session.console(), /^sum \d+\n$/, 'accumulate ran, risky not yet');
            await session.request('continue', { threadId: stopped.body.threadId });
            await runsToTheEnd(session, 1);
        } finally {
            await session.close();
        }
    });

    test('a hit count stops at the given hit only', async () => {
        const { session } = await launchProgram({ breakpoints: [{ line: line('square-body'), hitCondition: '=4' }] });
        try {
            const stopped = await session.nextEvent('stopped', () => true, 20000);
            assert.equal(stopped.body.reason, 'breakpoint');
            const { frame } = await session.topFrame(stopped.body.threadId);
            assert.equal(frame.line, line('square-body'));
            const n = await session.request('evaluate', { expression: 'n', context: 'watch', frameId: frame.id }, 15000);
            assert.equal(n.body.result, '3', 'the fourth call squares 3');
            await session.request('continue', { threadId: stopped.body.threadId });
            await runsToTheEnd(session, 1);
        } finally {
            await session.close();
        }
    });

    test('break on exceptions stops at the throw, and the program goes on to catch it', async () => {
        const { session } = await launchProgram({ exceptionFilters: [/^exceptions?$/] });
        try {
            const stopped = await session.nextEvent('stopped', () => true, 20000);
            assert.equal(stopped.body.reason, 'exception');
            assert.match(`${stopped.body.text ?? ''} ${stopped.body.description ?? ''}`, /value 5 is too large/);
            const { frame } = await session.topFrame(stopped.body.threadId);
            assert.match(frame.name, /risky/);
            assert.equal(frame.line, line('throw'));
            await session.request('continue', { threadId: stopped.body.threadId });
            await session.waitForOutput('caught value 5 is too large\n', 15000);
            await runsToTheEnd(session, 1);
            assert.match(session.output(), /done inner\n/);
        } finally {
            await session.close();
        }
    });

    // Issue 50 item 8: exceptionInfo, setVariable and completions on the real engine.
    test('setVariable assigns in the frame, completions offer its names', async () => {
        const { session, capabilities } = await launchProgram({ breakpoints: [{ line: line('add'), condition: 'i === 6' }] });
        try {
            assert.equal(capabilities.supportsSetVariable, true);
            assert.equal(capabilities.supportsCompletionsRequest, true);
            const stopped = await session.nextEvent('stopped', () => true, 20000);
            const { frame } = await session.topFrame(stopped.body.threadId);
            const scopes = (await session.request('scopes', { frameId: frame.id })).body.scopes;
            const localsRef = scopes.find((s) => s.name === 'Locals').variablesReference;
            // Completions from the frame's scopes: its locals, the globals.
            const complete = async (text) => (await session.request('completions', { text, column: text.length + 1, frameId: frame.id },
                                                                    15000)).body.targets.map((t) => t.label);
            assert.deepEqual(await complete('to'), ['total']);
            assert.ok((await complete('st')).includes('stats'));
            assert.ok((await complete('Arr')).includes('Array'), 'a global');
            assert.deepEqual(await complete('stats.la'), [], 'no members after a "."');
            // A let takes the value; the program goes on with it.
            const set = await session.request('setVariable', { variablesReference: localsRef, name: 'total', value: '1000' }, 15000);
            assert.equal(set.body.value, '1000');
            assert.equal((await session.variables(localsRef)).get('total')?.value, '1000', 'the scope shows the new value');
            // A member, through its evaluateName path.
            const stats = (await session.variables(localsRef)).get('stats');
            const calls = await session.request('setVariable', { variablesReference: stats.variablesReference, name: 'calls',
                                                                 value: '2 + 3' }, 15000);
            assert.equal(calls.body.value, '5');
            assert.equal((await session.request('evaluate', { expression: 'stats.calls', context: 'watch', frameId: frame.id },
                                                 15000)).body.result, '5');
            // A const refuses, and the user is told.
            const constant = await session.rawRequest('setVariable', { variablesReference: localsRef, name: 'sq', value: '1' }, 15000);
            assert.equal(constant.success, false);
            assert.match(constant.message, /TypeError/);
            assert.equal(constant.body.error.showUser, true);
            await session.request('continue', { threadId: stopped.body.threadId });
            await session.waitForOutput(`sum ${1000 + 36 + 49 + 64 + 81}\n`, 15000);
            await runsToTheEnd(session, 1);
        } finally {
            await session.close();
        }
    });

    // At a stop on a throw: what was thrown, and no assignment (it could throw and take the
    // program's exception): the program's output and exit code stay those of a run without.
    test('exceptionInfo at a throw; setVariable there is refused and the program is unchanged', async () => {
        const caught = realpathSync(join(fixturesDir, 'caught.js'));
        const session = await new DapSession().start();
        try {
            const capabilities = await session.initialize();
            assert.equal(capabilities.supportsExceptionInfoRequest, true);
            const stopped = await stopAtTheThrow(session, caught);
            const info = (await session.request('exceptionInfo', { threadId: stopped.body.threadId })).body;
            assert.equal(info.exceptionId, 'RangeError');
            assert.equal(info.description, 'RangeError: value 5 is too large');
            assert.equal(info.breakMode, 'always');
            assert.equal(info.details.message, 'value 5 is too large');
            assert.equal(info.details.typeName, 'RangeError');
            assert.ok(info.details.stackTrace.startsWith(`    at risky (${caught}:${lineOf(caught, 'throw')})`), info.details.stackTrace);
            const { frame } = await session.topFrame(stopped.body.threadId);
            const scopes = (await session.request('scopes', { frameId: frame.id })).body.scopes;
            const localsRef = scopes.find((s) => s.name === 'Locals').variablesReference;
            const refused = await session.rawRequest('setVariable', { variablesReference: localsRef, name: 'value', value: 'nope()' },
                                                     15000);
            assert.equal(refused.success, false);
            assert.match(refused.message, /not assigned: at a stop on a throw/);
            assert.equal(refused.body.error.showUser, true);
            assert.equal((await session.variables(localsRef)).get('value')?.value, '5', 'value unchanged');
            assert.deepEqual(await session.request('completions', { text: 'lim', column: 4, frameId: frame.id }, 15000)
                .then((r) => r.body.targets.map((t) => t.label)), ['limit'], 'completions need no evaluation: offered here too');
            await session.request('continue', { threadId: stopped.body.threadId });
            const exited = await session.nextEvent('exited', () => true, 20000);
            assert.equal(exited.body.exitCode, 0);
            assert.match(session.output(['stdout']), /caught value 5 is too large\ndone\n/);
        } finally {
            await session.close();
        }
    });

    // Editors evaluate watches and hovers at every stop; one that throws must not change what the
    // program does next.
    // (XS empties the pending exception when an evaluation throws: SessionExpressions evaluates
    // only paths that cannot throw there, protocol/exceptionbreakguard.h.)
    test('an evaluation that throws at an exception break leaves the program\'s exception alone', async () => {
        const { session } = await launchProgram({ exceptionFilters: [/^exceptions?$/] });
        try {
            const stopped = await session.nextEvent('stopped', () => true, 20000);
            const { frame } = await session.topFrame(stopped.body.threadId);
            const watch = await session.rawRequest('evaluate', { expression: 'total', context: 'watch', frameId: frame.id }, 15000);
            assert.equal(watch.success, false, 'total is not a variable of risky()');
            await session.request('continue', { threadId: stopped.body.threadId });
            await session.waitUntil(() => session.all('terminated').length || session.all('stopped').length > 1, 20000,
                                    'the program ends or stops again');
            assert.deepEqual(session.all('stopped').map((e) => e.body.description), [stopped.body.description],
                             'no other exception');
            assert.match(session.console(), /caught value 5 is too large\ndone inner\n/);
        } finally {
            await session.close();
        }
    });

    // Issue 50 item 7. This xst (the SDK's stock build: the file profiler, mxProfile) takes a
    // <start-profiling/> in its login answer but sends no samples over the connection: it writes
    // XS-….cpuprofile in its working folder, which the adapter reports when the program ends.
    const profiledRun = async (launch, armFirst) => {
        const busy = realpathSync(join(fixturesDir, 'busy.js'));
        const folder = mkdtempSync(join(tmpdir(), 'xsprof-dap-profile-'));
        const session = await new DapSession().start();
        try {
            await session.initialize();
            const launched = session.request('launch', { program: xst, args: [busy], cwd: folder, xsc, ...launch });
            await session.nextEvent('initialized');
            if (armFirst) {
                const armed = await session.request('xsprof/profile', { action: 'start' });
                assert.equal(armed.body.armed, true, 'no machine yet: armed');
                assert.match(armed.body.message, /^armed: the next machine/);
            }
            await session.request('configurationDone');
            await launched;
            const written = await session.nextEvent('xsprof/profileWritten', () => true, 30000);
            await session.nextEvent('terminated', () => true, 20000);
            const { path, samples } = written.body;
            assert.equal(dirname(path), folder, 'in the program\'s working folder');
            assert.match(basename(path), /^XS-[-0-9]+\.cpuprofile$/);
            const profile = JSON.parse(readFileSync(path, 'utf8'));
            assert.equal(samples, profile.samples.length);
            assert.ok(samples > 20, `samples of half a second in fib(): ${samples}`);
            assert.ok(profile.nodes.some((n) => n.callFrame.functionName === 'fib'), 'fib() was sampled');
            assert.match(session.output(['console']), /profile of the program \(its own file profiler\) written: /);
        } finally {
            await session.close();
            rmSync(folder, { recursive: true, force: true });
        }
    };
    test('a profile started before the machine connects arrives (xst: its own file)', async () => {
        await profiledRun({}, true);
    });
    test('profileOnStart profiles the launched xst from its first line', async () => {
        await profiledRun({ profileOnStart: true }, false);
    });

    // Issue 50 item 8: restart over a TCP attach ends the machine (abort) and debugs the next run
    // with the same breakpoints; the session goes on.
    test('restart over a TCP attach debugs the next run with the same breakpoints', async () => {
        const port = await freePort();
        const session = await new DapSession().start();
        try {
            await session.initialize();
            const attached = session.request('attach', { port, xsc });
            await session.nextEvent('initialized');
            await session.request('setBreakpoints', { source, breakpoints: [{ line: line('return-total') }] });
            await session.request('setExceptionBreakpoints', { filters: [] }); // program.js catches one
            await session.request('configurationDone');
            await attached;
            await session.waitForOutput(`waiting for XS machines on 127.0.0.1:${port}`, 5000);
            const run = () => {
                const machine = spawn(xst, [program], { cwd: fixturesDir, stdio: 'ignore',
                                                        env: { ...process.env, XSBUG_HOST: `127.0.0.1:${port}` } });
                return new Promise((done) => machine.on('exit', (code, signal) => done({ code, signal })));
            };
            const first = run();
            let stopped = await session.nextEvent('stopped', () => true, 20000);
            assert.equal((await session.topFrame(stopped.body.threadId)).frame.line, line('return-total'));
            const restarted = await session.request('restart');
            assert.equal(restarted.success, true);
            const ended = await first;
            assert.notEqual(ended.code, 0, 'the first run was ended (abort): ' + JSON.stringify(ended));
            await session.waitForOutput('waiting for the next on', 5000);
            const second = run();
            stopped = await session.nextEvent('stopped', () => true, 20000);
            assert.equal((await session.topFrame(stopped.body.threadId)).frame.line, line('return-total'),
                         'the next run stops at the same breakpoint');
            await session.request('continue', { threadId: stopped.body.threadId });
            assert.equal((await second).code, 0);
            assert.equal(session.all('terminated').length, 0, 'the session goes on');
        } finally {
            await session.close();
        }
    });

    // Issue 50 item 8: disconnect with terminateDebuggee false lets a launched xst run to its end.
    test('disconnect with terminateDebuggee false leaves the launched program running', async () => {
        const waiting = realpathSync(join(fixturesDir, 'waiting.js'));
        const session = await new DapSession().start();
        let pid = 0;
        try {
            await session.initialize();
            const launched = session.request('launch', { program: xst, args: [waiting], cwd: fixturesDir, xsc });
            await session.nextEvent('initialized');
            await session.request('configurationDone');
            await launched;
            await session.waitForOutput('waiting\n', 10000, ['stdout']);
            await session.request('disconnect', { terminateDebuggee: false });
            await session.waitUntil(() => session.exit, 5000, 'the adapter ends');
            pid = Number(/process (\d+)\) goes on running/.exec(session.output(['console']))?.[1] ?? 0);
            assert.ok(pid > 0, 'the adapter says which process goes on: ' + session.output(['console']));
            assert.ok(runs(pid), 'xst runs on after the adapter ended');
            for (const until = Date.now() + 10000; runs(pid) && Date.now() < until;)
                await delay(50);
            assert.ok(!runs(pid), 'xst ends by itself once its timer fired');
        } finally {
            await session.close();
            if (pid && runs(pid))
                process.kill(pid, 'SIGKILL');
        }
    });

    test('stopOnEntry breaks before the first line runs', async () => {
        const { session } = await launchProgram({ launch: { stopOnEntry: true } });
        try {
            const stopped = await session.nextEvent('stopped', () => true, 20000);
            assert.equal(stopped.body.reason, 'entry');
            const { frame } = await session.topFrame(stopped.body.threadId);
            assert.equal(frame.source?.path, program);
            assert.ok(frame.line <= line('call-accumulate'), 'before accumulate() is called: line ' + frame.line);
            assert.equal(session.console(), '', 'nothing traced yet');
            await session.request('continue', { threadId: stopped.body.threadId });
            await runsToTheEnd(session, 1);
            assert.match(session.console(), /^sum \d+\n/);
        } finally {
            await session.close();
        }
    });

    test('stepIn, next and stepOut move through square() and back', async () => {
        const { session } = await launchProgram({ breakpoints: [{ line: line('call-square'), condition: 'i === 2' }] });
        try {
            let stopped = await session.nextEvent('stopped', () => true, 20000);
            const threadId = stopped.body.threadId;
            const step = async (command) => {
                await session.request(command, { threadId });
                stopped = await session.nextEvent('stopped', () => true, 15000);
                assert.equal(stopped.body.reason, 'step', `${command} stops with reason step`);
                return (await session.topFrame(threadId)).frame;
            };
            // XS enters a function at the line that declares it (and stops there once more as it
            // binds the arguments), then goes to its first statement.
            let frame = await step('stepIn');
            assert.match(frame.name, /square/);
            assert.equal(frame.line, line('square-entry'));
            frame = await step('next');
            if (frame.line === line('square-entry'))
                frame = await step('next');
            assert.equal(frame.line, line('square-body'));
            frame = await step('next');
            assert.equal(frame.line, line('square-return'));
            const result = await session.request('evaluate', { expression: 'result', context: 'watch', frameId: frame.id }, 15000);
            assert.equal(result.body.result, '4');
            // Out of square: back in accumulate, after the call's line.
            frame = await step('stepOut');
            assert.match(frame.name, /accumulate/);
            assert.equal(frame.line, line('push'));
            frame = await step('next');
            assert.equal(frame.line, line('add'));
            const stopsSoFar = session.all('stopped').length;
            await session.request('continue', { threadId });
            await runsToTheEnd(session, stopsSoFar);
        } finally {
            await session.close();
        }
    });
});
