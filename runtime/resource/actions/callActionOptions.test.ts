// @vitest-environment happy-dom
/**
 * The options of a run action's select input (CallAction): the console's [{label, value}] and
 * plain strings, and the option groups the platform answers for the delegate dialog
 * (task/queryUsername: users by organisation), each user chosen by username.
 */
import { describe, expect, it } from 'vitest';
import { optionsOf } from './CallAction.tsx';

describe('the options of a select input', () => {
  it('groups the users of the platform by organisation, choosing each by username', () => {
    const answer = {
      status: 200,
      message: 'success',
      data: [
        { value: 'Group Headquarters', children: [{ key: 'admin', value: 'admin(Administrator)' }] },
        {
          value: 'IT',
          children: [
            { key: 'editor', value: 'editor(Editor)' },
            { key: 'visitor', value: 'visitor(Visitor)' },
          ],
        },
      ],
    };
    expect(optionsOf(answer)).toEqual([
      { label: 'Group Headquarters', options: [{ label: 'admin(Administrator)', value: 'admin' }] },
      {
        label: 'IT',
        options: [
          { label: 'editor(Editor)', value: 'editor' },
          { label: 'visitor(Visitor)', value: 'visitor' },
        ],
      },
    ]);
  });

  it('takes labels where a call answers ids, and plain strings as they are', () => {
    expect(optionsOf({ data: [{ label: 'admin', value: 1 }] })).toEqual([{ label: 'admin', value: 'admin' }]);
    expect(optionsOf(['a', 'b'])).toEqual([
      { label: 'a', value: 'a' },
      { label: 'b', value: 'b' },
    ]);
    expect(optionsOf({ data: null })).toEqual([]);
  });
});
