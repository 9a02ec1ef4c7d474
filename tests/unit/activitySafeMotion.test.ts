/** build/activitySafeMotion.ts against the rc-motion the console is built with. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchMotionStatus } from '../../build/activitySafeMotion.ts';

// antd's rc-motion (one copy, at the top of node_modules)
const source = readFileSync(join(import.meta.dirname, '../../node_modules/@rc-component/motion/es/hooks/useStatus.js'), 'utf8');

describe('the rc-motion change for hidden Activities', () => {
  it("keeps useStatus's mounted note through an effect's cleanup, and nothing else", () => {
    expect(source).toMatch(/mountedRef\.current = false;/);
    const patched = patchMotionStatus(source);
    expect(patched).not.toMatch(/mountedRef\.current = false;/);
    expect(patched).toMatch(/clearTimeout\(deadlineRef\.current\);\n {2}\}, \[\]\);/);
    // only the cleanup's line went
    expect(source.split('\n').length - patched.split('\n').length).toBe(1);
  });

  it('refuses a useStatus whose cleanup is not the one it changes', () => {
    expect(() => patchMotionStatus(source.replace('mountedRef.current = false;', 'mounted = false;'))).toThrow(/changed/);
  });
});
