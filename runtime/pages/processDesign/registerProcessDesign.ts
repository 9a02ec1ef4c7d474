/**
 * The BPMN modeler (/processdesign, menu component views/workflow/processdesign), opened by the
 * "Design" row action of the model list (act-model.json, an `open` action). It registers with
 * the first route generation (permission/registerLatePages.ts), so that the sign-in page's
 * download carries neither its name nor, since it loads when first opened, bpmn-js or its styles.
 */
import { registerComponent } from '../../app/componentRegistry.ts';

let registered = false;

/** Registers them once (a second registration would drop the page already loaded). */
export function registerProcessDesign(): void {
  if (registered) return;
  registered = true;
  registerComponent('workflow/processdesign', () => import('./loadProcessDesignPage.ts').then((m) => m.loadProcessDesignPage()), [
    '/processdesign',
  ]);
}
