// Every message `xsprof dap` sends, checked against the official DAP JSON schema
// (tests/dap/schema/debugAdapterProtocol.json, from github.com/microsoft/debug-adapter-protocol,
// MIT: schema/LICENSE) with ajv. A response is checked as its command's response
// (`StackTraceResponse` for stackTrace) when it succeeded, as `ErrorResponse` when it failed; an
// event as its own (`StoppedEvent`); what the schema does not name (xsprof/profile) as a plain
// Response or Event.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let Ajv;
try {
    ({ default: Ajv } = await import('ajv-draft-04'));
} catch (e) {
    console.error('the JSON-schema validator is not installed: run `npm install --prefix tests/dap` ' +
                  '(scripts/test.sh does): ' + e.message);
    process.exit(1);
}

const schemaPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'schema', 'debugAdapterProtocol.json');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat('int32', { type: 'number', validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
ajv.addFormat('uint32', { type: 'number', validate: (n) => Number.isInteger(n) && n >= 0 && n < 2 ** 32 });
ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isInteger(n) });
ajv.addFormat('uint64', { type: 'number', validate: (n) => Number.isInteger(n) && n >= 0 });
ajv.addSchema(schema, 'dap');
const validators = new Map();
const validatorFor = (definition) => {
    if (!validators.has(definition))
        validators.set(definition, ajv.getSchema(`dap#/definitions/${definition}`));
    return validators.get(definition);
};
const capitalized = (name) => name.charAt(0).toUpperCase() + name.slice(1);

// The schema definition a message is checked against.
export function definitionFor(message) {
    if (message?.type === 'response') {
        if (message.success === false)
            return 'ErrorResponse';
        const name = `${capitalized(String(message.command))}Response`;
        return schema.definitions[name] ? name : 'Response';
    }
    if (message?.type === 'event') {
        const name = `${capitalized(String(message.event))}Event`;
        return schema.definitions[name] ? name : 'Event';
    }
    return 'ProtocolMessage';
}

// "" when the message is valid; else what is wrong, with the message.
export function schemaProblems(message) {
    const definition = definitionFor(message);
    const validate = validatorFor(definition);
    if (validate(message))
        return '';
    return `${definition}: ` + validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ') +
           ` in ${JSON.stringify(message).slice(0, 400)}`;
}

// Collects what failed, for a test to assert on at its end (a throw inside the client's socket
// handler would be lost).
export class SchemaChecker {
    constructor() {
        this.checked = 0;
        this.problems = [];
    }
    check(message) {
        ++this.checked;
        const problem = schemaProblems(message);
        if (problem)
            this.problems.push(problem);
    }
}
