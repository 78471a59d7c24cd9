/**
 * The shared domain package (`@app/domain`) defines its zod schemas, catalogues and constants at
 * module level, side by side: `CAPTION_POSITIONS` next to the caption style's schema. Rollup cannot
 * tell that building a schema (`z.object(…)`, `z.string().min(…)`) does nothing but build it, so a
 * page that needed one constant of such a module got every schema of it, and zod with them. This
 * marks each call in the initialiser of a top-level declaration of a domain module pure
 * (`/* @__PURE__ *\/`), never one inside a function: what no page uses is then left out. It states
 * for the values of the domain what `moduleSideEffects: false` already states for its modules:
 * defining them has no other effect.
 */
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const DOMAIN = /[\\/]domain[\\/]src[\\/](?!.*\.spec\.ts$).*\.ts$/;
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration', 'ClassExpression', 'ClassDeclaration']);

/** The start of every call and `new` in `node`, not looking into functions and classes (they run later, if ever). */
function callsIn(node: unknown, starts: Set<number>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) callsIn(child, starts);
    return;
  }
  const n = node as Node;
  if (typeof n.type !== 'string' || FUNCTIONS.has(n.type)) return;
  if (n.type === 'CallExpression' || n.type === 'NewExpression') starts.add(n.start);
  for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') callsIn(value, starts);
}

export function pureDomain(): Plugin {
  return {
    name: 'pure-domain',
    apply: 'build',
    transform(code, id) {
      if (!DOMAIN.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const starts = new Set<number>();
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) callsIn(declarator.init, starts);
      }
      if (starts.size === 0) return null;
      let out = code;
      for (const start of [...starts].sort((a, b) => b - a)) out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
      return { code: out, map: null };
    },
  };
}
