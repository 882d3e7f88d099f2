// editors/vscode packs into a .vsix with Microsoft's packager (@vscode/vsce, npm), holding the
// extension and its manifest with the debug type and the profiling commands.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { repoDir } from './lib/session.mjs';

const vsce = join(repoDir, 'tests', 'dap', 'node_modules', '.bin', 'vsce');

test('editors/vscode packs into a .vsix with the xs debug type and the profiling commands', () => {
    assert.ok(existsSync(vsce), 'vsce is installed: npm install --prefix tests/dap (scripts/test.sh does)');
    const out = mkdtempSync(join(tmpdir(), 'xsprof-vsix-'));
    try {
        const vsix = join(out, 'xsprof-xs-debug.vsix');
        execFileSync(vsce, ['package', '--skip-license', '--allow-missing-repository', '--out', vsix],
                     { cwd: join(repoDir, 'editors', 'vscode'), stdio: 'pipe', timeout: 60000 });
        const listing = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' }).split('\n');
        for (const file of ['extension.vsixmanifest', 'extension/package.json', 'extension/extension.js'])
            assert.ok(listing.includes(file), `${file} in ${listing.join(' ')}`);
        const manifest = JSON.parse(execFileSync('unzip', ['-p', vsix, 'extension/package.json'], { encoding: 'utf8' }));
        assert.deepEqual(manifest.contributes.debuggers.map((d) => d.type), ['xs']);
        const titles = manifest.contributes.commands.map((c) => `${c.category}: ${c.title}`);
        assert.deepEqual(titles, ['XS: Start Profiling', 'XS: Stop Profiling']);
        const vsixManifest = execFileSync('unzip', ['-p', vsix, 'extension.vsixmanifest'], { encoding: 'utf8' });
        assert.match(vsixManifest, /Id="xsprof-xs-debug"/);
    } finally {
        rmSync(out, { recursive: true, force: true });
    }
});
