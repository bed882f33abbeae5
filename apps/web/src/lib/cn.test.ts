// @vitest-environment node
// cn() merges with a small tailwind-merge config (tailwind-merge-config.ts); this
// proves it merges every class name written in src/ exactly as the full twMerge does.
//
// Why ordered pairs are enough: twMerge walks the classes from last to first and
// drops a class when a later class it kept conflicts with it; a kept class adds
// its own group and that group's conflicting groups (for the same variants) to the
// set of conflicts. So whether a class survives depends only on which later kept
// classes conflict with it, and "does b, written after a, remove a" is exactly what
// merging "a b" shows (the result is "a b" or "b"). If both merges agree on every
// ordered pair (a token with itself included: duplicates), they agree on any list
// of those classes. Pairs whose variants differ (`hover:` against none) never
// conflict in either merge: the variants are part of what conflicts, whatever the
// config, so only pairs with the same variants are merged (about half the work).
// Tokens the full twMerge does not recognise as classes are never
// dropped and drop nothing; the test checks that the small merge does not
// recognise them either, and leaves them out of the pairs.
import fs from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

const SRC = path.resolve(import.meta.dirname, '..');

/** Every whitespace-separated word of every string literal in the app's source (tests excluded). */
function collectTokens() {
  const tokens = new Set<string>();
  const interpolatedClasses: string[] = [];
  const files = fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(SRC, file), 'utf8'), ts.ScriptTarget.Latest);
    const add = (text: string) => text.split(/\s+/).forEach((t) => t && tokens.add(t));
    const visit = (node: ts.Node, inClassContext: boolean): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.text);
      if (ts.isTemplateExpression(node)) {
        const parts = [node.head, ...node.templateSpans.map((span) => span.literal)];
        parts.forEach((part, i) => {
          add(part.text);
          // A class glued to an interpolation (`p-${n}`) cannot be checked here (nor found by Tailwind).
          const glued = (i < parts.length - 1 && /\S$/.test(part.text)) || (i > 0 && /^\S/.test(part.text));
          if (inClassContext && glued) interpolatedClasses.push(`${file}: ${node.getText(source)}`);
        });
      }
      const classContext =
        inClassContext ||
        (ts.isJsxAttribute(node) && node.name.getText(source) === 'className') ||
        (ts.isCallExpression(node) && ['cn', 'cva', 'clsx'].includes(node.expression.getText(source)));
      ts.forEachChild(node, (child) => visit(child, classContext));
    };
    visit(source, false);
  }
  return { tokens: [...tokens], interpolatedClasses };
}

/** The variants of a class, sorted (colons inside brackets or parentheses belong to the class). */
function variantsOf(token: string): string {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    if (token[i] === '[' || token[i] === '(') depth++;
    else if (token[i] === ']' || token[i] === ')') depth--;
    else if (token[i] === ':' && depth === 0) {
      variants.push(token.slice(start, i));
      start = i + 1;
    }
  }
  return variants.sort().join(':');
}

const same = (token: string) => `${token} ${token}`;
/** The full twMerge recognises a class when it removes a duplicate of it. */
const recognised = (token: string) => twMerge(same(token)) !== same(token);

describe('cn', () => {
  const { tokens, interpolatedClasses } = collectTokens();
  const classes = tokens.filter(recognised);

  it('finds the class names of the source, none built by interpolation', () => {
    expect(classes.length).toBeGreaterThan(500);
    expect(classes).toEqual(expect.arrayContaining(['flex', 'text-muted-foreground', 'sm:px-6']));
    expect(interpolatedClasses).toEqual([]);
  });

  it('recognises the same words as classes as the full twMerge', () => {
    const differing = tokens.filter((t) => cn(same(t)) !== twMerge(same(t)));
    expect(differing).toEqual([]);
  });

  it('merges every ordered pair of the classes as the full twMerge does', () => {
    const byVariants = new Map<string, string[]>();
    for (const token of classes)
      byVariants.set(variantsOf(token), [...(byVariants.get(variantsOf(token)) ?? []), token]);
    const differing: string[] = [];
    for (const group of byVariants.values()) {
      for (const a of group) {
        for (const b of group) {
          const pair = `${a} ${b}`;
          const merged = cn(pair);
          const expected = twMerge(pair);
          if (merged !== expected) differing.push(`"${pair}": ${merged}, expected ${expected}`);
        }
      }
    }
    expect(differing.slice(0, 20)).toEqual([]);
  });
});
