// The XS debug type: VS Code starts `xsprof dap` (the path from the setting xsprof.path, else
// xsprof on the PATH) and speaks the Debug Adapter Protocol with it on stdin/stdout.
//
// A `debuggers` contribution's own "program" is resolved inside the extension's folder, which
// cannot name an xsprof installed elsewhere; a descriptor factory can.
'use strict';
const vscode = require('vscode');

function activate(context) {
    context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory('xs', {
        createDebugAdapterDescriptor() {
            const command = vscode.workspace.getConfiguration('xsprof').get('path') || 'xsprof';
            return new vscode.DebugAdapterExecutable(command, ['dap']);
        },
    }));
}

function deactivate() {}

module.exports = { activate, deactivate };
