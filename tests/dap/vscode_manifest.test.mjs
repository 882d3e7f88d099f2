// editors/vscode as VS Code would use it: the manifest is valid JSON of the right shape, the
// extension's factory starts `xsprof dap` (run here through a stand-in `vscode` module), every
// attribute the manifest declares is one the adapter reads (a value of the wrong type is refused
// naming it), and every configuration the manifest offers is accepted by the adapter.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { corpusDir, DapSession, fixturesDir, freePort, replayMachine, repoDir, xsprofPath } from './lib/session.mjs';

const extensionDir = join(repoDir, 'editors', 'vscode');
const manifest = JSON.parse(readFileSync(join(extensionDir, 'package.json'), 'utf8'));
const debuggerOf = () => manifest.contributes.debuggers.find((d) => d.type === 'xs');

// Loads extension.js with a stand-in for the `vscode` module (`extra` adds to or replaces its
// parts) and activates it: what it registered, and the context.
function loadExtension({ configuredPath, extra = {} } = {}) {
    const registered = {}, commands = {}, listeners = [];
    const base = {
        debug: {
            registerDebugAdapterDescriptorFactory: (type, factory) => { registered[type] = factory; return { dispose() {} }; },
            onDidReceiveDebugSessionCustomEvent: (listener) => { listeners.push(listener); return { dispose() {} }; },
        },
        workspace: { getConfiguration: (section) => ({ get: (key) => (section === 'xsprof' && key === 'path' ? configuredPath : undefined) }) },
        commands: { registerCommand: (id, run) => { commands[id] = run; return { dispose() {} }; } },
        DebugAdapterExecutable: class { constructor(command, args) { this.command = command; this.args = args; } },
    };
    const vscode = { ...base, ...extra, debug: { ...base.debug, ...extra.debug }, commands: { ...base.commands, ...extra.commands } };
    const load = Module._load;
    Module._load = function (request, ...rest) {
        return request === 'vscode' ? vscode : load.call(this, request, ...rest);
    };
    try {
        const require = createRequire(join(extensionDir, 'package.json'));
        const main = require.resolve(join(extensionDir, manifest.main));
        delete require.cache[main];
        const extension = require(main);
        const context = { subscriptions: [] };
        extension.activate(context);
        return { registered, commands, listeners, context };
    } finally {
        Module._load = load;
    }
}

// What the extension's descriptor factory gives for a session: the command and arguments VS
// Code would start.
function adapterCommand(configuredPath) {
    const { registered, commands, listeners, context } = loadExtension({ configuredPath });
    assert.ok(registered.xs, 'the extension registers a factory for the xs type');
    assert.equal(context.subscriptions.length, 1 + Object.keys(commands).length + listeners.length,
                 'and disposes of all it registers with the extension');
    return registered.xs.createDebugAdapterDescriptor({ configuration: {} }, undefined);
}

// A snippet's text as inserted with its defaults: ${N:default} is its default (placeholders
// nest), an escaped \${name} is the VS Code variable ${name}.
function expandSnippet(text) {
    let out = text.replace(/\\\$\{([^{}]*)\}/g, '\u0001$1\u0002');
    for (let before = ''; before !== out;) {
        before = out;
        out = out.replace(/\$\{\d+:([^{}]*)\}/g, '$1');
    }
    return out.replace(/\u0001/g, '${').replace(/\u0002/g, '}');
}

// A snippet body as a configuration: a string starting with ^ holds a JSON value (VS Code's
// convention, to insert numbers or quoted text with variables).
function snippetBody(body) {
    if (typeof body === 'string')
        return body.startsWith('^') ? JSON.parse(expandSnippet(body.slice(1))) : expandSnippet(body);
    if (Array.isArray(body))
        return body.map(snippetBody);
    if (body && typeof body === 'object')
        return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, snippetBody(v)]));
    return body;
}

// VS Code's variables, as a user's workspace would fill them.
function resolveVariables(value, vars) {
    if (typeof value === 'string')
        return value.replace(/\$\{(\w+)(?::([^}]*))?\}/g, (whole, name, rest) => {
            if (name === 'env')
                return vars.env[rest] ?? '';
            if (!(name in vars))
                throw new Error(`the manifest uses \${${name}}, which this test does not know`);
            return vars[name];
        });
    if (Array.isArray(value))
        return value.map((v) => resolveVariables(v, vars));
    if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveVariables(v, vars)]));
    return value;
}

// A value of another type than the schema's.
const wrongOf = (schema) => ((Array.isArray(schema.type) ? schema.type : [schema.type]).includes('string') ? 17 : 'seventeen');

describe('editors/vscode', () => {
    test('the manifest contributes the xs debug type, with an entry point that exists', () => {
        assert.equal(manifest.contributes.debuggers.length, 1);
        const xs = debuggerOf();
        assert.ok(xs, 'a debugger of type xs');
        assert.ok(manifest.engines?.vscode, 'engines.vscode is required by VS Code');
        assert.ok(existsSync(join(extensionDir, manifest.main)), manifest.main);
        assert.ok(manifest.activationEvents.some((e) => e === 'onDebug' || e === 'onDebugResolve:xs'));
        assert.ok(xs.configurationAttributes.launch && xs.configurationAttributes.attach, 'launch and attach');
        assert.ok(xs.initialConfigurations.length > 0 && xs.configurationSnippets.length >= 3);
        assert.ok(manifest.contributes.breakpoints.some((b) => b.language === 'javascript'));
        for (const request of ['launch', 'attach'])
            for (const [name, schema] of Object.entries(xs.configurationAttributes[request].properties))
                assert.ok(schema.type && schema.description, `${request}.${name} has a type and a description`);
    });

    test('every configuration offered uses declared attributes only', () => {
        const xs = debuggerOf();
        const configurations = [...xs.initialConfigurations, ...xs.configurationSnippets.map((s) => snippetBody(s.body))];
        for (const configuration of configurations) {
            assert.equal(configuration.type, 'xs');
            const declared = xs.configurationAttributes[configuration.request]?.properties;
            assert.ok(declared, `${configuration.name}: request ${configuration.request}`);
            for (const key of Object.keys(configuration))
                if (!['type', 'request', 'name', 'preLaunchTask', 'postDebugTask'].includes(key))
                    assert.ok(key in declared, `${configuration.name}: ${key} is declared for ${configuration.request}`);
            for (const required of xs.configurationAttributes[configuration.request].required ?? [])
                assert.ok(required in configuration, `${configuration.name} has ${required}`);
        }
    });

    test('XS: Start Profiling / Stop Profiling ask the session, then open the .cpuprofile', async () => {
        const declared = manifest.contributes.commands.map((c) => [c.command, `${c.category}: ${c.title}`]);
        assert.deepEqual(declared, [['xsprof.startProfiling', 'XS: Start Profiling'], ['xsprof.stopProfiling', 'XS: Stop Profiling']]);
        const asked = [], opened = [], errors = [], infos = [];
        const session = {
            type: 'xs',
            customRequest: async (command, args) => {
                asked.push([command, args]);
                return args.action === 'stop' ? { path: '/tmp/xst 1.cpuprofile', samples: 12, durationMs: 40 }
                                              : { message: 'profiling xst' };
            },
        };
        const extra = {
            debug: { activeDebugSession: session, activeStackItem: { session, threadId: 3 } },
            commands: { executeCommand: async (...args) => { opened.push(args); } },
            window: { showErrorMessage: (m) => errors.push(m), showInformationMessage: (m) => infos.push(m) },
            Uri: { file: (path) => ({ scheme: 'file', path }) },
        };
        const { commands } = loadExtension({ extra });
        for (const id of declared.map(([id]) => id))
            assert.equal(typeof commands[id], 'function', `${id} is registered`);
        await commands['xsprof.startProfiling']();
        await commands['xsprof.stopProfiling']();
        assert.deepEqual(asked, [['xsprof/profile', { action: 'start', threadId: 3 }], ['xsprof/profile', { action: 'stop', threadId: 3 }]]);
        assert.deepEqual(infos, ['profiling xst']);
        assert.deepEqual(opened, [['vscode.open', { scheme: 'file', path: '/tmp/xst 1.cpuprofile' }]],
                         'the written profile opens in VS Code (its profile viewer takes .cpuprofile)');
        assert.deepEqual(errors, []);
        // Without an xs session: said, nothing asked.
        const none = loadExtension({ extra: { ...extra, debug: { activeDebugSession: undefined } } });
        await none.commands['xsprof.stopProfiling']();
        assert.equal(asked.length, 2);
        assert.match(errors[0], /no XS debug session/);
    });

    // Issue 50 item 7: Start Profiling before any machine connects, against the adapter itself:
    // armed (the message shown), then a recorded machine profiled from its login; the profile the
    // adapter writes as it leaves is offered to open (xsprof/profileWritten).
    test('XS: Start Profiling before a machine connects arms it; the written profile is offered', async () => {
        const folder = mkdtempSync(join(tmpdir(), 'xsprof-vscode-profile-'));
        const adapter = await new DapSession({ cwd: folder }).start();
        try {
            await adapter.initialize();
            const port = await freePort();
            await adapter.request('attach', { port });
            await adapter.request('configurationDone');
            await adapter.waitForOutput(`waiting for XS machines on 127.0.0.1:${port}`, 5000);
            const infos = [], errors = [], opened = [];
            const session = {
                type: 'xs',
                customRequest: async (command, args) => {
                    const response = await adapter.rawRequest(command, args);
                    if (!response.success)
                        throw new Error(response.message);
                    return response.body;
                },
            };
            const extra = {
                debug: { activeDebugSession: session, activeStackItem: undefined },
                commands: { executeCommand: async (...args) => { opened.push(args); } },
                window: {
                    showErrorMessage: (m) => errors.push(m),
                    showInformationMessage: async (m, ...choices) => { infos.push([m, choices]); return choices[0]; },
                },
                Uri: { file: (path) => ({ scheme: 'file', path }) },
            };
            const { commands, listeners } = loadExtension({ extra });
            await commands['xsprof.startProfiling']();
            assert.deepEqual(errors, []);
            assert.match(infos[0][0], /^armed: the next machine that connects starts profiling/);
            const replay = replayMachine(join(corpusDir, 'xsbug', 'gc_alloc.profile-on-start.xsbug'), port);
            const written = await adapter.nextEvent('xsprof/profileWritten', () => true, 30000);
            await replay;
            assert.equal(listeners.length, 1, 'the extension listens to the sessions\' custom events');
            await listeners[0]({ session, event: written.event, body: written.body });
            assert.match(infos[1][0], /the profile of xst was written \(\d+ samples\)/);
            assert.deepEqual(infos[1][1], ['Open']);
            assert.deepEqual(opened, [['vscode.open', { scheme: 'file', path: written.body.path }]]);
            const profile = JSON.parse(readFileSync(written.body.path, 'utf8'));
            assert.equal(profile.samples.length, written.body.samples);
            assert.ok(written.body.samples > 1000, 'two seconds of the recording');
        } finally {
            await adapter.close();
            rmSync(folder, { recursive: true, force: true });
        }
    });

    test('the extension starts `xsprof dap`, from the setting or the PATH', () => {
        assert.deepEqual({ ...adapterCommand(undefined) }, { command: 'xsprof', args: ['dap'] });
        assert.deepEqual({ ...adapterCommand('/opt/xsprof/bin/xsprof') }, { command: '/opt/xsprof/bin/xsprof', args: ['dap'] });
    });

    // For each attribute the manifest declares, a value of the right type that the adapter must
    // refuse, naming the attribute: proof that the adapter reads it. A new attribute in the
    // manifest needs a line here (or in `byBehaviour`).
    const refusable = {
        launch: {
            program: '', args: 'main.js', cwd: '/nonexistent/folder', env: ['MODDABLE=/sdk'], xsc: '/nonexistent/xsc',
            localRoot: '/home/me/app', remoteRoot: '/home/ci/app', sourceMap: ['/home/ci/app'], programOutput: 'everything',
        },
        attach: {
            port: 70000, host: 'not-an-address', serial: '@921600', xsc: '/nonexistent/xsc', localRoot: '/home/me/app',
            remoteRoot: '/home/ci/app', sourceMap: ['/home/ci/app'],
        },
    };
    // Attributes whose every value is valid, checked by what they do.
    const byBehaviour = {
        stopOnEntry: 'xst.test.mjs "stopOnEntry breaks before the first line runs"',
        profileOnStart: 'xst.test.mjs "profileOnStart profiles the launched xst from its first line", tst_daplifecycle',
    };
    const base = { launch: { program: '/bin/true' }, attach: { port: 0 } };

    // Answers to launch or attach requests, from one adapter while it refuses them (a refused
    // request leaves the session as it was), from a new one after a request was accepted.
    class Asker {
        async answer(request, configuration) {
            if (!this.session) {
                const { command, args } = adapterCommand(xsprofPath);
                this.session = await new DapSession({ command, args }).start();
                await this.session.initialize();
            }
            const response = await this.session.rawRequest(request, configuration);
            if (response.success)
                await this.close();
            return response;
        }

        async close() {
            await this.session?.close();
            this.session = null;
        }
    }

    for (const request of ['launch', 'attach'])
        test(`the adapter reads every ${request} attribute the manifest declares`, async () => {
            const { properties } = debuggerOf().configurationAttributes[request];
            const asker = new Asker();
            try {
                for (const name of Object.keys(properties)) {
                    if (name in byBehaviour)
                        continue;
                    assert.ok(name in refusable[request], `${request}.${name}: add a value the adapter must refuse to this test`);
                    const value = refusable[request][name];
                    const response = await asker.answer(request, { ...base[request], [name]: value });
                    assert.equal(response.success, false, `${request} with ${name} = ${JSON.stringify(value)} is refused: ` +
                                 JSON.stringify(response));
                    assert.match(response.message, new RegExp(`\\b${name}\\b`), `the refusal names ${name}`);
                }
            } finally {
                await asker.close();
            }
        });

    test('a value of the wrong type is refused, naming the attribute', async () => {
        const ignored = [];
        const asker = new Asker();
        try {
            for (const request of ['launch', 'attach'])
                for (const [name, schema] of Object.entries(debuggerOf().configurationAttributes[request].properties)) {
                    const response = await asker.answer(request, { ...base[request], [name]: wrongOf(schema) });
                    if (response.success || !new RegExp(`\\b${name}\\b`).test(response.message))
                        ignored.push(`${request}.${name} = ${JSON.stringify(wrongOf(schema))}`);
                }
        } finally {
            await asker.close();
        }
        assert.deepEqual(ignored, [], 'accepted without a word');
    });

    test('the adapter accepts each configuration the manifest offers', async () => {
        const xs = debuggerOf();
        const vars = {
            workspaceFolder: fixturesDir, workspaceFolderBasename: 'fixtures', file: join(fixturesDir, 'program.js'),
            fileDirname: fixturesDir, env: { MODDABLE: '/nonexistent/moddable', HOME: process.env.HOME },
        };
        const { command, args } = adapterCommand(xsprofPath);
        const configurations = [...xs.initialConfigurations, ...xs.configurationSnippets.map((s) => snippetBody(s.body))];
        for (const raw of configurations) {
            const configuration = resolveVariables(raw, vars);
            const session = await new DapSession({ command, args }).start();
            try {
                await session.initialize();
                // A program that is not there is refused by name; any other refusal is about an attribute.
                const response = await session.rawRequest(configuration.request, configuration);
                const text = response.message + JSON.stringify(response.body ?? {});
                if (!response.success)
                    assert.match(text, /nonexistent|not found|cannot|No such/i, `${configuration.name}: ${text}`);
                assert.doesNotMatch(text, /unknown (attribute|argument|option)|must be an?\s/i, `${configuration.name}: ${text}`);
            } finally {
                await session.close();
            }
        }
    });
});
