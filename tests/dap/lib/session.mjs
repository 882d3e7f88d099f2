// What every test of tests/dap shares: the paths it is given, one `xsprof dap` driven through
// Microsoft's DAP client (@vscode/debugadapter-testsupport), and the machines it talks to.
//
// A DapSession keeps every event the adapter sent, in order, so a test can wait for "the next
// stopped event" even when it arrived before the test asked (the client library's waitForEvent
// only sees events that come after it is called). Every request and wait has a time limit and
// fails with the command, the limit and the adapter's standard error, never hangs.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { SchemaChecker } from './schema.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const repoDir = resolve(here, '..', '..', '..');
export const fixturesDir = join(here, '..', 'fixtures');

// ctest passes these (tests/dap/CMakeLists.txt); by hand, the defaults are the usual tree.
export const xsprofPath = process.env.XSPROF_EXECUTABLE || join(repoDir, 'build', 'app', 'xsprof');
export const sharedDir = process.env.XSPROF_SHARED_DIR || resolve(repoDir, '..', 'shared');
export const corpusDir = join(sharedDir, 'corpus');
export const toolsDir = join(sharedDir, 'tools');

let DebugClient;
try {
    ({ DebugClient } = await import('@vscode/debugadapter-testsupport'));
} catch (e) {
    console.error('Microsoft\'s DAP client is not installed: run `npm install --prefix tests/dap` ' +
                  '(scripts/test.sh does): ' + e.message);
    process.exit(1);
}

const withTimeout = (promise, ms, what) => {
    let timer;
    const limit = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
    });
    return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
};

export const delay = (ms) => new Promise((done) => setTimeout(done, ms));

// The 1-based line of the fixture line ending with the marker `BP:name`.
export function lineOf(file, name) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.trimEnd().endsWith(`BP:${name}`));
    if (index < 0)
        throw new Error(`${file} has no line marked BP:${name}`);
    return index + 1;
}

// A loopback port nobody listens on now (the adapter gets it in its attach arguments).
export function freePort() {
    return new Promise((done, fail) => {
        const server = createServer();
        server.once('error', fail);
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => done(port));
        });
    });
}

// Runs a Python tool of ../shared/tools; resolves with its exit code and output.
export function runTool(script, args, { timeoutMs = 60000 } = {}) {
    return new Promise((done) => {
        const child = spawn('python3', [join(toolsDir, script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '', stderr = '';
        child.stdout.on('data', (d) => { stdout += d; });
        child.stderr.on('data', (d) => { stderr += d; });
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.on('close', (code, signal) => {
            clearTimeout(timer);
            done({ code, signal, stdout, stderr });
        });
    });
}

export class DapSession {
    // `command` and `args`: how the adapter is started (an editor's command line for it).
    constructor({ command = xsprofPath, args = ['dap'], cwd = process.cwd(), env = process.env, requestTimeoutMs = 10000 } = {}) {
        if (args.length !== 1)
            throw new Error('the DAP client starts COMMAND ARG: one argument, not ' + JSON.stringify(args));
        this.requestTimeoutMs = requestTimeoutMs;
        this.events = [];
        this.stderr = '';
        this.exit = null;
        this.taken = new Set();         // events already returned by nextEvent
        this.waiters = new Set();
        this.client = new DebugClient(command, args[0], 'xs', { cwd, env });
        // XSPROF_DAP_TRACE=FILE appends the session, one message a line (what the README's
        // transcript was made from).
        this.trace = process.env.XSPROF_DAP_TRACE ? (line) => appendFileSync(process.env.XSPROF_DAP_TRACE, line + '\n') : null;
        const doSend = this.client.doSend.bind(this.client);
        this.client.doSend = (command, args, done) => {
            this.trace?.(`-> ${command} ${JSON.stringify(args ?? {})}`);
            doSend(command, args, (response) => {
                this.trace?.(`<- ${command} ${response.success ? '' : 'FAILED ' + JSON.stringify(response.message) + ' '}` +
                             JSON.stringify(response.body ?? {}));
                done(response);
            });
        };
        // Every message the adapter sends is checked against the official schema (lib/schema.mjs);
        // close() fails the test on any problem.
        this.schema = new SchemaChecker();
        const dispatch = this.client.dispatch.bind(this.client);
        this.client.dispatch = (body) => {
            try {
                this.schema.check(JSON.parse(body));
            } catch (e) {
                this.schema.problems.push('not JSON: ' + e.message);
            }
            return dispatch(body);
        };
        const emit = this.client.emit.bind(this.client);
        this.client.emit = (name, event) => {
            if (event && event.type === 'event') {
                this.trace?.(`<- (${event.event}) ${JSON.stringify(event.body ?? {})}`);
                this.events.push(event);
                for (const wake of this.waiters)
                    wake();
            }
            return emit(name, event);
        };
    }

    async start() {
        await this.client.start();
        const adapter = this.client._adapterProcess;
        adapter.stderr.on('data', (d) => { this.stderr += d; });
        adapter.on('exit', (code, signal) => {
            this.exit = { code, signal };
            for (const wake of this.waiters)
                wake();
        });
        return this;
    }

    // The adapter's standard error, last lines, for failure messages.
    tail(lines = 15) {
        const all = this.stderr.trimEnd().split('\n');
        return all.slice(-lines).join('\n');
    }

    // Sends a request; resolves with the response when it succeeds, else throws with its message.
    async request(command, args, timeoutMs = this.requestTimeoutMs) {
        try {
            return await withTimeout(this.client.send(command, args), timeoutMs, `request ${command}`);
        } catch (e) {
            e.message = `${command} ${JSON.stringify(args ?? {})} failed: ${e.message}\n-- adapter stderr:\n${this.tail()}`;
            throw e;
        }
    }

    // Sends a request and resolves with the whole response, failed or not.
    rawRequest(command, args, timeoutMs = this.requestTimeoutMs) {
        return withTimeout(new Promise((done) => this.client.doSend(command, args, done)), timeoutMs, `request ${command}`);
    }

    // The first event of this type matching the predicate that no earlier call returned; waits
    // for it.
    nextEvent(type, predicate = () => true, timeoutMs = 10000) {
        const find = () => {
            const event = this.events.find((e) => e.event === type && !this.taken.has(e) && predicate(e));
            if (event)
                this.taken.add(event);
            return event ?? null;
        };
        return new Promise((done, fail) => {
            let timer;
            const check = () => {
                const event = find();
                if (event || this.exit) {
                    clearTimeout(timer);
                    this.waiters.delete(check);
                    if (event)
                        done(event);
                    else
                        fail(new Error(`no ${type} event: the adapter exited (${JSON.stringify(this.exit)})\n` +
                                       `-- adapter stderr:\n${this.tail()}`));
                }
            };
            timer = setTimeout(() => {
                this.waiters.delete(check);
                fail(new Error(`no ${type} event within ${timeoutMs} ms; events so far: ` +
                               this.events.map((e) => e.event).join(' ') + `\n-- adapter stderr:\n${this.tail()}`));
            }, timeoutMs);
            this.waiters.add(check);
            check();
        });
    }

    // Every event of a type received so far.
    all(type) {
        return this.events.filter((e) => e.event === type);
    }

    // The text of the output events received so far, of the given categories; `console`: only
    // the machines' console, without trace conversations (output events with data.conversation).
    output(categories = ['stdout', 'console', 'stderr', 'important'], { console = false } = {}) {
        return this.all('output').filter((e) => categories.includes(e.body.category ?? 'console'))
            .filter((e) => !console || !e.body.data?.conversation).map((e) => e.body.output).join('');
    }

    // The machines' console so far (stdout output events that are not conversations).
    console() {
        return this.output(['stdout'], { console: true });
    }

    // Waits until `condition()` holds (checked as events arrive and every 25 ms).
    async waitUntil(condition, timeoutMs, what) {
        const until = Date.now() + timeoutMs;
        while (!condition()) {
            if (Date.now() > until || this.exit)
                throw new Error(`${what}: not within ${timeoutMs} ms; events: ` + this.events.map((e) => e.event).join(' ') +
                                `\n-- adapter stderr:\n${this.tail()}`);
            await delay(25);
        }
    }

    // Waits until the output so far matches (a RegExp or a string it contains).
    async waitForOutput(pattern, timeoutMs = 10000, categories, options) {
        const matches = () => (pattern instanceof RegExp ? pattern.test(this.output(categories, options))
                                                         : this.output(categories, options).includes(pattern));
        const until = Date.now() + timeoutMs;
        while (!matches()) {
            if (Date.now() > until || this.exit)
                throw new Error(`output never matched ${pattern} within ${timeoutMs} ms; it was:\n${this.output(categories, options)}` +
                                `\n-- adapter stderr:\n${this.tail()}`);
            await delay(25);
        }
        return this.output(categories);
    }

    async initialize(extra = {}) {
        const response = await this.request('initialize', {
            adapterID: 'xs', clientID: 'xsprof-tests', clientName: 'xsprof tests/dap', linesStartAt1: true,
            columnsStartAt1: true, pathFormat: 'path', supportsVariableType: true, supportsRunInTerminalRequest: false,
            ...extra,
        });
        this.capabilities = response.body ?? {};
        return this.capabilities;
    }

    // The first frame of a thread's stack.
    async topFrame(threadId) {
        const trace = await this.request('stackTrace', { threadId, startFrame: 0, levels: 20 });
        if (!trace.body.stackFrames.length)
            throw new Error(`thread ${threadId} has no frames`);
        return { frame: trace.body.stackFrames[0], frames: trace.body.stackFrames };
    }

    // name → variable, for a variablesReference.
    async variables(variablesReference) {
        const response = await this.request('variables', { variablesReference });
        return new Map(response.body.variables.map((v) => [v.name, v]));
    }

    // Disconnects (ending a launched debuggee), then makes sure the adapter is gone.
    async close() {
        if (!this.exit)
            await this.rawRequest('disconnect', { terminateDebuggee: true }, 5000).catch(() => {});
        const adapter = this.client._adapterProcess;
        if (adapter && !this.exit) {
            const gone = new Promise((done) => adapter.once('exit', done));
            await withTimeout(gone, 3000, 'adapter exit after disconnect').catch(() => adapter.kill('SIGKILL'));
        }
        this.client._adapterProcess = null;
        if (this.schema.problems.length)
            throw new Error(`${this.schema.problems.length} of the ${this.schema.checked} messages the adapter sent break ` +
                            'the DAP schema:\n' + this.schema.problems.slice(0, 10).join('\n'));
    }
}

// Plays a recorded machine into the adapter's port with xs_replay.py, trying again while nothing
// listens there yet (a refused connection never reaches the adapter). Resolves with the tool's
// JSON summary and exit code once the machine's replay ended.
export async function replayMachine(transcript, port, args = [], { listenWithinMs = 10000 } = {}) {
    const until = Date.now() + listenWithinMs;
    for (;;) {
        const run = await runTool('xs_replay.py', [transcript, '--connect', `127.0.0.1:${port}`, '--quiet', ...args]);
        let summary = null;
        try {
            summary = JSON.parse(run.stdout);
        } catch {
            throw new Error(`xs_replay.py printed no summary (exit ${run.code}): ${run.stderr}`);
        }
        const refused = summary.machines.every((m) => m.result === 'no-connection');
        if (!refused || Date.now() > until)
            return { ...run, summary };
        await delay(100);
    }
}
