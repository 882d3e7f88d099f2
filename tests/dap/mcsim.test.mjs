// `xsprof dap` launching the Moddable simulator on the SDK's Worker example
// (examples/base/worker/simple, built with `mcconfig -d -m -p lin`): the app makes a Worker,
// trades three messages with it, ends it and makes the next, a thousand a second.
//
// XSPROF_TEST_MCSIM names mcsim, XSPROF_TEST_MCSIM_APP the app's mc.so and XSPROF_TEST_MCSIM_XSC
// an xsc matching the simulator's XS; mcsim needs an X display (DISPLAY). Without them these skip.
import assert from 'node:assert/strict';
import { accessSync, constants, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';

import { DapSession, delay } from './lib/session.mjs';

const mcsim = process.env.XSPROF_TEST_MCSIM ?? '', app = process.env.XSPROF_TEST_MCSIM_APP ?? '';
const xsc = process.env.XSPROF_TEST_MCSIM_XSC ?? '';
const usable = (path, mode = constants.R_OK) => {
    try {
        accessSync(path, mode);
        return true;
    } catch {
        return false;
    }
};
const skip = usable(mcsim, constants.X_OK) && usable(app) && usable(xsc, constants.X_OK) && process.env.DISPLAY ? false
    : 'no simulator: set XSPROF_TEST_MCSIM, XSPROF_TEST_MCSIM_APP (the worker/simple example\'s mc.so), ' +
      'XSPROF_TEST_MCSIM_XSC and DISPLAY to run these against the Moddable simulator';

// As the README's configuration (mcsim prints every console line on its own stdout as well; the
// adapter's default for it, programOutput "stderr", leaves that out).
async function launchSimulator(launch = {}) {
    const session = await new DapSession().start();
    await session.initialize();
    const launched = session.request('launch', { program: mcsim, args: [app], xsc, ...launch });
    await session.nextEvent('initialized');
    await session.request('setExceptionBreakpoints', { filters: [] });
    await session.request('configurationDone');
    await launched;
    return session;
}

const lineMatching = (file, pattern) => readFileSync(file, 'utf8').split('\n').findIndex((l) => pattern.test(l)) + 1;

describe('xsprof dap with the Moddable simulator', { skip }, () => {
    test('the app is a thread, its stream of Workers does not flood the editor, the console arrives', async () => {
        const session = await launchSimulator();
        try {
            await session.waitUntil(() => /starting worker 100\n/.test(session.console()), 30000, 'a hundred Workers');
            const { threads } = (await session.request('threads')).body;
            assert.ok(threads.some((t) => t.name === 'simple'), 'the app: ' + JSON.stringify(threads));
            const started = session.all('thread').filter((e) => e.body.reason === 'started');
            assert.ok(started.length <= 4, `a hundred Workers that only run and leave make at most a few threads, not ${started.length}`);
            assert.match(session.console(), /^hello\nmessage: \{"hello":"from simple worker","counter":1\}\n/);
        } finally {
            await session.close();
        }
        await session.nextEvent('terminated', () => true, 5000);
    });

    // Pauses the app once it has made ten Workers; returns its thread and the stopped event.
    async function pauseTheApp(session) {
        await session.waitUntil(() => /starting worker 10\n/.test(session.console()), 20000, 'ten Workers');
        const app = (await session.request('threads')).body.threads.find((t) => t.name === 'simple');
        await session.request('pause', { threadId: app.id });
        return { app, stopped: await session.nextEvent('stopped', () => true, 10000) };
    }

    test('pause stops the running app, continue lets it go on', async () => {
        const session = await launchSimulator();
        try {
            const { app, stopped } = await pauseTheApp(session);
            assert.equal(stopped.body.threadId, app.id);
            const { frames } = await session.topFrame(app.id);
            assert.ok(frames.length > 0);
            // Stopped, the app traces nothing; its Workers wait for its messages.
            await delay(200);
            const before = session.console().length;
            await delay(500);
            assert.equal(session.console().length, before, 'nothing printed while the app is paused');
            await session.request('continue', { threadId: app.id });
            await session.waitUntil(() => session.console().length > before, 10000, 'the app goes on');
        } finally {
            await session.close();
        }
    });

    // The machine says "Break: step" when the pause finds it in JavaScript: still a pause to the editor.
    test('the stop a pause brings says pause', async () => {
        const session = await launchSimulator();
        try {
            const { stopped } = await pauseTheApp(session);
            assert.equal(stopped.body.reason, 'pause', JSON.stringify(stopped.body));
        } finally {
            await session.close();
        }
    });

    test('each console line reaches the editor once, in order', async () => {
        const session = await launchSimulator();
        try {
            await session.waitUntil(() => /starting worker 100\n/.test(session.console()), 30000, 'a hundred Workers');
        } finally {
            await session.close();
        }
        // The app's console in order: each Worker's first two messages, then the third that starts the next.
        const lines = session.console().split('\n');
        const starts = lines.map((l) => l.match(/3rd message received, starting worker (\d+)$/)?.[1]).filter(Boolean).map(Number);
        assert.deepEqual(starts.slice(0, 100), Array.from({ length: 100 }, (_, i) => i + 1));
        assert.equal(lines.filter((l) => l === 'hello').length, 1);
    });

    test('programOutput "all" shows the program\'s own stdout as well', async () => {
        const session = await launchSimulator({ programOutput: 'all' });
        try {
            // mcsim writes its console lines to its stdout in blocks: the first ones come twice.
            await session.waitUntil(() => session.console().split('\n').filter((l) => l === 'hello').length === 2, 20000,
                                    'mcsim\'s own "hello" as well as the machine\'s');
        } finally {
            await session.close();
        }
    });

    test('breakpoints in the app and in its Worker stop each machine as a thread of its own', async () => {
        const session = await launchSimulator({ stopOnEntry: true });
        try {
            // Where the machine's files are, from its first stop.
            const entry = await session.nextEvent('stopped', () => true, 20000);
            assert.equal(entry.body.reason, 'entry');
            const { frames } = await session.topFrame(entry.body.threadId);
            const main = frames.map((f) => f.source?.path).find((p) => p?.endsWith('/main.js'));
            assert.ok(main, 'the entry stop shows main.js: ' + JSON.stringify(frames.map((f) => f.source?.path)));
            const worker = join(dirname(main), 'simpleworker.js');
            const third = lineMatching(main, /3rd message received/), post = lineMatching(worker, /self\.postMessage\(/);
            assert.ok(third > 0 && post > 0);
            const set = async (path, breakpoints) =>
                (await session.request('setBreakpoints', { source: { path }, breakpoints })).body.breakpoints;
            assert.ok((await set(main, [{ line: third, condition: 'index === 3' }]))[0].verified);
            assert.ok((await set(worker, [{ line: post, condition: 'counter === 1' }]))[0].verified);
            await session.request('continue', { threadId: entry.body.threadId });

            // Each of the first three Workers stops on its first message; then the app on the third Worker's last.
            const seen = [];
            for (let k = 0; k < 4; ++k) {
                const stopped = await session.nextEvent('stopped', () => true, 20000);
                assert.equal(stopped.body.reason, 'breakpoint');
                const { threads } = (await session.request('threads')).body;
                const { frame } = await session.topFrame(stopped.body.threadId);
                const expression = frame.source.path === main ? 'index + ":" + message.counter' : 'counter';
                const value = await session.request('evaluate', { expression, context: 'watch', frameId: frame.id }, 15000);
                seen.push([threads.find((t) => t.id === stopped.body.threadId)?.name, frame.source.path, frame.line,
                           value.body.result]);
                await session.request('continue', { threadId: stopped.body.threadId });
            }
            assert.deepEqual(seen, [['simpleworker', worker, post, '1'], ['simpleworker #2', worker, post, '1'],
                                    ['simpleworker #3', worker, post, '1'], ['simple', main, third, '\'3:3\'']]);
            await delay(200);
        } finally {
            await session.close();
        }
    });
});
