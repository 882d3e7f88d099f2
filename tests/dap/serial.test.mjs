// `xsprof dap` attached to a board on a serial port: tests/protocol/serial_device.py plays
// recorded machines on a pseudo-terminal the way an ESP32 writes them (<?xs.ID?> markers, machines
// interleaved), and the editor sees each machine as a thread, its console, and its breaks.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { corpusDir, DapSession, repoDir } from './lib/session.mjs';
import { readTranscript } from './lib/transcript.mjs';

const corpus = (name) => join(corpusDir, 'xsbug', name);
const deviceScript = join(repoDir, 'tests', 'protocol', 'serial_device.py');

// serial_device.py on a pty linked at `link`; resolves once it printed "ready".
function startDevice(link, args) {
    const device = spawn('python3', [deviceScript, '--link', link, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    device.log = '';
    device.stderr.on('data', (d) => { device.log += d; });
    return new Promise((done, fail) => {
        let out = '';
        const timer = setTimeout(() => fail(new Error('serial_device.py never said ready: ' + device.log)), 10000);
        device.stdout.on('data', (d) => {
            out += d;
            if (out.includes('ready')) {
                clearTimeout(timer);
                done(device);
            }
        });
        device.on('exit', (code) => fail(new Error(`serial_device.py exited (${code}): ${device.log}`)));
    });
}

describe('xsprof dap attached to a serial device', () => {
    let dir, device;
    before(() => { dir = mkdtempSync(join(tmpdir(), 'xsprof-dap-serial-')); });
    after(() => {
        device?.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
    });

    test('two machines on one port are two threads: console, a break, an exception break, restart', async () => {
        const app = readTranscript(corpus('log_and_break.break.xsbug'));
        const worker = readTranscript(corpus('sim_worker.xsbug'));
        const link = join(dir, 'tty');
        device = await startDevice(link, ['--machine', `3FFB0001:${corpus('log_and_break.break.xsbug')}`,
                                          '--machine', `3FFB0002:${corpus('sim_worker.xsbug')}`, '--keep-open', '--stay', '10']);
        const session = await new DapSession().start();
        try {
            const capabilities = await session.initialize();
            const attached = session.request('attach', { serial: link });
            await session.nextEvent('initialized');
            await session.request('setExceptionBreakpoints', { filters: [] });
            await session.request('configurationDone');
            await attached;

            const first = await session.nextEvent('stopped', () => true, 15000);
            const { threads } = (await session.request('threads')).body;
            const names = threads.map((t) => t.name);
            assert.ok(names.includes(app.login.name) && names.includes(worker.login.name),
                      'each machine of the port is a thread named as it logged in: ' + JSON.stringify(threads));
            const appThread = threads.find((t) => t.name === app.login.name).id;
            assert.equal(first.body.threadId, appThread);
            const top = (await session.request('stackTrace', { threadId: appThread })).body.stackFrames[0];
            const recorded = app.breaks[0].frames[0];
            assert.deepEqual([top.name, top.line, top.source?.path], [recorded.name, Number(recorded.line), recorded.path]);
            // The board's build path is not on this computer: the editor may ask for the source, and is told how to map it.
            assert.ok(top.source.sourceReference > 0, 'a source the editor cannot open: ' + JSON.stringify(top.source));
            const source = await session.rawRequest('source', { source: top.source, sourceReference: top.source.sourceReference });
            assert.equal(source.success, false);
            assert.ok(source.message.includes(recorded.path) && /localRoot|sourceMap/.test(source.message), source.message);

            await session.request('continue', { threadId: appThread });
            const second = await session.nextEvent('stopped', () => true, 15000);
            assert.equal(second.body.reason, 'exception');
            await session.request('continue', { threadId: appThread });
            await session.waitForOutput(app.logs.join(''), 10000, ['stdout'], { console: true });

            // The machines stay on the board; restart resets it: they leave, and log in again.
            assert.equal(capabilities.supportsRestartRequest, true, 'restart is offered (for a board)');
            assert.equal(session.all('thread').filter((e) => e.body.reason === 'exited').length, 0);
            await session.request('restart', {});
            for (const thread of threads)
                await session.nextEvent('thread', (e) => e.body.reason === 'exited' && e.body.threadId === thread.id, 10000);
            const again = [];
            for (let i = 0; i < threads.length; ++i)
                again.push(await session.nextEvent('thread', (e) => e.body.reason === 'started' &&
                                                   !threads.some((old) => old.id === e.body.threadId), 10000));
            const after = (await session.request('threads')).body.threads;
            // Named as the window names a machine's second coming: "xst #2".
            assert.deepEqual(after.map((t) => t.name).sort(), names.map((n) => `${n} #2`).sort(),
                             'the same machines, logged in again');
            assert.ok(after.every((t) => !threads.some((old) => old.id === t.id)), 'as new threads');
            assert.deepEqual(again.map((e) => e.body.threadId).sort(), after.map((t) => t.id).sort());
        } finally {
            await session.close();
        }
    });
});
