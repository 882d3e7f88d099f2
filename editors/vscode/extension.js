// The XS debug type: VS Code starts `xsprof dap` (the path from the setting xsprof.path, else
// xsprof on the PATH) and speaks the Debug Adapter Protocol with it on stdin/stdout.
//
// A `debuggers` contribution's own "program" is resolved inside the extension's folder, which
// cannot name an xsprof installed elsewhere; a descriptor factory can.
//
// "XS: Start Profiling" and "XS: Stop Profiling" send the adapter's custom request
// xsprof/profile to the active xs session (its stopped thread, else its first machine); Stop
// opens the .cpuprofile written in VS Code's own profile viewer. Start before any machine has
// connected arms it for the next one (the adapter's answer says so). A profile the adapter wrote
// on its own (a machine that left while profiling, a launched xst's own file) comes as the
// custom event xsprof/profileWritten: offered to open.
'use strict';
const vscode = require('vscode');

// The xs session the commands act on, and the thread of its focused stack frame, if any.
function profiledSession() {
    const session = vscode.debug.activeDebugSession;
    if (!session || session.type !== 'xs')
        return null;
    const item = vscode.debug.activeStackItem;
    const threadId = item && item.session === session ? item.threadId : undefined;
    return { session, threadId };
}

async function profile(action) {
    const target = profiledSession();
    if (!target) {
        vscode.window.showErrorMessage('XS profiling: no XS debug session is active.');
        return undefined;
    }
    const args = { action };
    if (target.threadId !== undefined)
        args.threadId = target.threadId;
    try {
        return await target.session.customRequest('xsprof/profile', args);
    } catch (e) {
        vscode.window.showErrorMessage(`XS profiling: ${e.message}`);
        return undefined;
    }
}

async function startProfiling() {
    const body = await profile('start');
    if (body)
        vscode.window.showInformationMessage(body.message || 'XS: profiling started.');
}

async function stopProfiling() {
    const body = await profile('stop');
    if (!body || !body.path)
        return;
    // VS Code opens a .cpuprofile in its built-in profile viewer (a custom editor).
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(body.path));
}

async function profileWritten(event) {
    if (event.session.type !== 'xs' || event.event !== 'xsprof/profileWritten' || !event.body || !event.body.path)
        return;
    const { path, samples, machine } = event.body;
    const choice = await vscode.window.showInformationMessage(
        `XS: the profile of ${machine} was written (${samples} samples): ${path}`, 'Open');
    if (choice === 'Open')
        await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(path));
}

function activate(context) {
    context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory('xs', {
        createDebugAdapterDescriptor() {
            const command = vscode.workspace.getConfiguration('xsprof').get('path') || 'xsprof';
            return new vscode.DebugAdapterExecutable(command, ['dap']);
        },
    }));
    context.subscriptions.push(vscode.commands.registerCommand('xsprof.startProfiling', startProfiling));
    context.subscriptions.push(vscode.commands.registerCommand('xsprof.stopProfiling', stopProfiling));
    context.subscriptions.push(vscode.debug.onDidReceiveDebugSessionCustomEvent(profileWritten));
}

function deactivate() {}

module.exports = { activate, deactivate };
