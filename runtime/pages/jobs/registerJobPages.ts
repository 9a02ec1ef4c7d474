/**
 * The scheduler's hand-made pages: the workflow editor (/workfloweditor, menu component
 * views/job/workfloweditor) and the details of a workflow instance (/workflowinstancedetails,
 * views/job/workflowinstancedetails), canvases over @xyflow/react. They register with the first
 * route generation (permission/registerLatePages.ts), so that the sign-in page's download carries
 * neither their names nor, since they load when first opened, the canvas library.
 */
import { registerComponent } from '../../app/componentRegistry.ts';

let registered = false;

export function registerJobPages(): void {
  if (registered) return;
  registered = true;
  registerComponent('job/workfloweditor', () => import('./WorkflowEditorPage.tsx'), ['/workfloweditor']);
  registerComponent('job/workflowinstancedetails', () => import('./WorkflowInstanceDetailsPage.tsx'), ['/workflowinstancedetails']);
}
