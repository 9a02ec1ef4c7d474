/**
 * The built-in handlers a service task may call, by name (`activiti:class="increment"`, or the
 * task's `implementation`). A handler gets the instance's variables and the task's attributes
 * and answers the variables it sets; it runs inside the step that reaches the task, so what it
 * sets is stored with the step.
 */
import { evaluate } from './expressions.ts';

interface ServiceInput {
  variables: Record<string, unknown>;
  /** `resultVariable` of the task: the variable a handler writes. */
  resultVariable?: string;
  /** `expression` of the task (`${...}`). */
  expression?: string;
  now: Date;
}

export type ServiceHandler = (input: ServiceInput) => Record<string, unknown>;

function target(input: ServiceInput, handler: string): string {
  if (!input.resultVariable) throw new Error(`The ${handler} handler needs a resultVariable`);
  return input.resultVariable;
}

export const SERVICE_HANDLERS: Record<string, ServiceHandler> = {
  /** Nothing but a step in the history. */
  log: () => ({}),
  /** resultVariable = the expression's value. */
  setVariable: (input) => ({ [target(input, 'setVariable')]: input.expression ? evaluate(input.expression, input.variables) : null }),
  /** resultVariable + 1 (from 0). */
  increment: (input) => {
    const name = target(input, 'increment');
    const current = Number(input.variables[name] ?? 0);
    return { [name]: (Number.isFinite(current) ? current : 0) + 1 };
  },
  /** resultVariable = the time the task ran (ISO 8601). */
  timestamp: (input) => ({ [target(input, 'timestamp')]: input.now.toISOString() }),
};
