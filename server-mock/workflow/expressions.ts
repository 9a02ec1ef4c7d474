/**
 * Conditions and values written in a process model: `${amount > 1000 && approved}`, evaluated
 * by Jexl against the instance's variables. Jexl is an expression language with no access to
 * JavaScript globals, functions or prototypes, so a model written by a tenant's administrator
 * runs nothing but comparisons, arithmetic and lookups of its own variables (the engine's
 * default script conditions would run JavaScript in the server: they are refused at deploy).
 */
import { Jexl } from 'jexl';

const jexl = new Jexl();

const WHOLE = /^\s*\$\{([\s\S]+)\}\s*$/;
const ANY = /\$\{([^}]+)\}/g;

/** The text inside `${...}` when the whole string is one expression. */
export function expressionBody(text: string): string | undefined {
  return WHOLE.exec(text)?.[1];
}

export function isExpression(text: unknown): boolean {
  return typeof text === 'string' && WHOLE.test(text);
}

function hasExpression(text: unknown): boolean {
  return typeof text === 'string' && /\$\{[^}]+\}/.test(text);
}

/** Why an expression does not parse, or undefined when it does. */
export function expressionError(body: string): string | undefined {
  try {
    jexl.compile(body);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Evaluate `${...}` (or a text with `${...}` parts) against variables. */
export function evaluate(text: string, variables: Record<string, unknown>): unknown {
  const body = expressionBody(text);
  if (body !== undefined) return jexl.evalSync(body, variables);
  return text.replace(ANY, (_, inner: string) => {
    const v: unknown = jexl.evalSync(inner, variables);
    return v === undefined || v === null ? '' : String(v);
  });
}

/** The variables an expression of the engine sees: the instance's (the environment's). */
function variablesOf(context: unknown): Record<string, unknown> {
  const env = (context as { environment?: { variables?: Record<string, unknown> } } | undefined)?.environment;
  return { ...(env?.variables ?? {}) };
}

/** The `expressions` handler given to the engine (bpmn-elements' Expressions interface). */
export const engineExpressions = {
  resolveExpression(templated: string, context: unknown): unknown {
    if (typeof templated !== 'string' || !hasExpression(templated)) return templated;
    return evaluate(templated, variablesOf(context));
  },
  isExpression,
  hasExpression,
};
