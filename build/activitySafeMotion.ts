/**
 * A build plugin that makes rc-motion (the motion under Ant Design's dialogs, drawers and
 * pop-ups) keep its content when its page is hidden by a React Activity, as the console's
 * cached tabs are (runtime/layout/appMain/CachedPage.tsx).
 *
 * rc-motion's useStatus notes in a ref that it has mounted, and clears the note in an effect's
 * cleanup, taking the cleanup for an unmount. A hidden Activity runs every cleanup while the
 * component stays mounted: drawn again in that state (the hidden page re-rendered by a
 * navigation, or the render that shows it again) the motion took itself for a new one before its
 * first frame and drew nothing, which dropped an open dialog's panel with its form; rc-dialog
 * then called `focus` on the panel that was gone, and the error unmounted the whole console.
 * Shown again, it also ran its opening motion anew with a state setter that ignores calls
 * between a cleanup and the next effect, and stayed in that motion.
 *
 * The note is left as it is (a mounted component has mounted); nothing else reads it after an
 * unmount. The plugin fails the build when the code it changes is not found, so that a new
 * rc-motion is looked at again.
 */
import type { Plugin } from 'vite';

const FILE = /[\\/]@rc-component[\\/]motion[\\/]es[\\/]hooks[\\/]useStatus\.js$/;
const CLEANUP = /useEffect\(\(\) => \(\) => \{\s*mountedRef\.current = false;\s*clearTimeout\(deadlineRef\.current\);\s*\}, \[\]\);/;
const KEPT = 'useEffect(() => () => {\n    clearTimeout(deadlineRef.current);\n  }, []);';

/** The source of rc-motion's useStatus with the mounted note kept through effect cleanups. */
export function patchMotionStatus(code: string): string {
  if (!CLEANUP.test(code)) throw new Error('activitySafeMotion: the cleanup of @rc-component/motion useStatus.js changed; check the patch');
  return code.replace(CLEANUP, KEPT);
}

/** For Vite's build and for the dependency pre-bundling of its dev server (a Rolldown plugin there). */
export function activitySafeMotion(): Plugin {
  return {
    name: 'console-activity-safe-motion',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0]!)) return null;
      return { code: patchMotionStatus(code), map: null };
    },
  };
}
