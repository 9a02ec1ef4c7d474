/**
 * The form generator's pages in the console's page registry, by the component names of their
 * menu entries (schemas/menu.json: `views/generator/formdesign`). Only these names are in the
 * start-up code: the designer (and Monaco, with its JSON view) load when the page is opened.
 */
import { registerComponent } from '../runtime/app/componentRegistry.ts';

export function registerDesignerPages(): void {
  registerComponent('generator/formdesign', () => import('./loadDesignerPage.ts').then((m) => m.loadDesignerPage()), ['/formdesign', 'formdesign']);
}
