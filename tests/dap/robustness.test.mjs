// What an editor may do wrong, or go away: `xsprof dap` answers with DAP errors, reads on after
// bytes it cannot frame, and never leaves a machine stopped behind it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { schemaProblems } from './lib/schema.mjs';
import { corpusDir, DapSession, freePort, replayMachine, xsprofPath } from './lib/session.mjs';

const frame = (body) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const request = (seq, command, args) => frame(JSON.stringify({ seq, type: 'request', command, arguments: args }));

// Writes `input` to `xsprof dap` as it is, closes its input, and returns the messages it wrote
// and how it ended.
function talk(input) {
    return new Promise((done, fail) => {
        const adapter = spawn(xsprofPath, ['dap'], { stdio: ['pipe', 'pipe', 'pipe'] });
        let out = '', err = '';
        adapter.stdout.on('data', (d) => { out += d; });
        adapter.stderr.on('data', (d) => { err += d; });
        const timer = setTimeout(() => { adapter.kill('SIGKILL'); fail(new Error('the adapter did not end: ' + err)); }, 10000);
        adapter.on('exit', (code, signal) => {
            clearTimeout(timer);
            const messages = [];
            for (let rest = out; rest.length;) {
                const header = rest.match(/^Content-Length: (\d+)\r\n\r\n/);
                assert.ok(header, 'the adapter frames everything it writes: ' + JSON.stringify(rest.slice(0, 80)));
                const start = header[0].length, length = Number(header[1]);
                messages.push(JSON.parse(Buffer.from(rest.slice(start)).subarray(0, length).toString()));
                rest = Buffer.from(rest.slice(start)).subarray(length).toString();
            }
            // Even to bad input, everything it says keeps to the official schema.
            assert.deepEqual(messages.map(schemaProblems).filter((p) => p), [], 'messages the DAP schema accepts');
            done({ messages, code, signal, stderr: err });
        });
        adapter.stdin.end(input);
    });
}

describe('xsprof dap and a misbehaving editor', () => {
    test('bad requests get error responses, bad frames an output event naming what and where; reading goes on', async () => {
        const { messages, code, signal, stderr } = await talk(
            request(1, 'threads') +                                      // before initialize
            frame('{"seq": 2, "type": "request", "command": ') +         // not JSON
            'Content-Length: x\r\n\r\n' +                                // a length that is no number
            request(3, 'initialize', { adapterID: 'xs' }) +
            request(4, 'frobnicate') +                                   // unknown
            frame(JSON.stringify({ seq: 5, type: 'request' })) +         // no command
            request(6, 'threads'));
        assert.deepEqual([code, signal], [0, null], 'a clean end when the input ends');
        const responses = messages.filter((m) => m.type === 'response');
        const to = (seq) => responses.find((r) => r.request_seq === seq);
        assert.equal(to(1).success, false);
        assert.match(to(1).message, /threads.*before.*initialize/);
        assert.deepEqual(responses.filter((r) => !(r.request_seq >= 1)), [], 'no response to a request that was not made');
        // The two bad frames in a row are one stretch of bad input: one output event says it.
        const bad = messages.filter((m) => m.type === 'event' && m.event === 'output' && m.body.category === 'important');
        assert.equal(bad.length, 1, JSON.stringify(bad));
        assert.match(bad[0].body.output, /message 2 \(byte \d+\): the body is not JSON/);
        assert.equal(to(5).success, false);
        assert.match(to(5).message, /command/);
        assert.equal(to(3).success, true, 'initialize after bad input');
        assert.ok(messages.some((m) => m.type === 'event' && m.event === 'initialized'));
        assert.equal(to(4).success, false);
        assert.match(to(4).message, /frobnicate/);
        assert.deepEqual(to(6).body, { threads: [] });
        assert.match(stderr, /the body is not JSON/, 'the adapter\'s stderr says it too');
    });

    test('an editor that goes away while a machine is stopped leaves the machine running', async () => {
        const session = await new DapSession().start();
        const port = await freePort();
        await session.initialize();
        const attached = session.request('attach', { port });
        await session.nextEvent('initialized');
        await session.request('configurationDone');
        await attached;
        const replay = replayMachine(join(corpusDir, 'xsbug', 'log_and_break.break.xsbug'), port, ['--wait-timeout', '10']);
        await session.nextEvent('stopped');
        // The editor's end of the pipe closes, as when the editor is killed.
        const adapter = session.client._adapterProcess;
        const ended = new Promise((done) => adapter.once('exit', (code, signal) => done({ code, signal })));
        adapter.stdin.end();
        assert.deepEqual(await ended, { code: 0, signal: null });
        // The machine is told to go on without a debugger (xsbug's logout), at once, not killed (abort).
        const { code, summary } = await replay;
        const [machine] = summary.machines;
        assert.equal(code, 0, JSON.stringify(machine));
        const atBreak = machine.waits.find((w) => w.after === 'break');
        assert.deepEqual(atBreak.commands, ['logout'], JSON.stringify(machine.waits));
        assert.ok(atBreak.s < 2, `answered in ${atBreak.s} s`);
    });
});
