// Reads what a recorded machine (../shared/corpus/xsbug/*.xsbug) says, so that the replay tests
// compare the adapter's events with the recording itself rather than with numbers typed here.
// Only what the tests need: the login, console text, conversations, and each break with its
// frames and the selected frame's locals.
import { readFileSync } from 'node:fs';

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'' };
export const unescapeXml = (text) => text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === '#')
        return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return entities[name] ?? whole;
});

const attributes = (tag) => Object.fromEntries([...tag.matchAll(/([\w.:-]+)="([^"]*)"/g)].map((m) => [m[1], unescapeXml(m[2])]));

export function readTranscript(file) {
    const text = readFileSync(file, 'latin1');
    const messages = [...text.matchAll(/<xsbug>([\s\S]*?)<\/xsbug>/g)].map((m) => Buffer.from(m[1], 'latin1').toString('utf8'));
    const result = { login: null, logs: [], bubbles: [], breaks: [] };
    for (const body of messages) {
        const login = body.match(/^\s*<login\b[^>]*>/);
        if (login) {
            result.login = attributes(login[0]);
            continue;
        }
        for (const log of body.matchAll(/<log>([\s\S]*?)<\/log>/g))
            result.logs.push(unescapeXml(log[1]));
        for (const bubble of body.matchAll(/<bubble\b([^>]*)>([\s\S]*?)<\/bubble>/g))
            result.bubbles.push({ ...attributes(bubble[1]), text: unescapeXml(bubble[2]) });
        const stop = body.match(/<break\b([^>]*)>([\s\S]*?)<\/break>/);
        if (stop) {
            const frames = [...body.matchAll(/<frame\b([^>]*)\/>/g)].map((f) => attributes(f[1]));
            const local = body.match(/<local\b[^>]*>([\s\S]*?)<\/local>/);
            const locals = local ? [...local[1].matchAll(/<property\b([^>]*?)\/?>/g)].map((p) => attributes(p[1])) : [];
            result.breaks.push({ ...attributes(stop[1]), text: unescapeXml(stop[2]).trim(), frames, locals });
        }
    }
    return result;
}
