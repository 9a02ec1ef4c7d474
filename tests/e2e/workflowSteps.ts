/**
 * What the users of the workflow pages do in the browser, shared by the workflow tests: open a
 * task list afresh, run a row action (claim, pass, send back...) through its dialog, and read an
 * instance's open task through the API.
 */
import { expect } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import { instanceTasks } from '../api/workflowFixtures.ts';
import { answerTo, spaNavigate, toast } from './harness.ts';
import { dialog, resourceNamed, rowAction as clickRowAction, rowById, say, settled, type Api, type Rec } from './resourceLocators.ts';

export const WAIT = { timeout: 20_000 };

type Resource = ReturnType<typeof resourceNamed>;

/** The label of a resource's action. */
export const label = (r: Resource, name: string) => say(r.actions.find((a) => a.name === name)!.label!);

/** The one open task of an instance, by the API. */
export async function openTask(api: Api, processInstanceId: number): Promise<Rec> {
  const open = await openTasks(api, processInstanceId);
  expect(open).toHaveLength(1);
  return open[0]!;
}

/** The open tasks of an instance, by the API. */
export async function openTasks(api: Api, processInstanceId: number): Promise<Rec[]> {
  return (await instanceTasks(api, processInstanceId)).filter((t) => t.status === 'open');
}

/** Opens a list page and loads its rows afresh (a page opened before is kept in its tab as it was). */
export async function openList(page: Page, path: string, r: Resource): Promise<void> {
  await spaNavigate(page, path);
  await settled(page, r);
  const refresh = page.locator(`section.resource-list[data-resource="${r.name}"]`).getByRole('button', { name: say('resource.refresh') });
  await answerTo(page, `/${r.list.source!.call}`, () => refresh.click());
  await settled(page, r);
}

/** Runs a row action: its dialog, `fill` in it, then its button; waits for `message` and answers the call's response. */
export async function runRowAction(
  page: Page,
  r: Resource,
  id: unknown,
  name: string,
  call: string,
  message: string,
  fill: (modal: Locator) => Promise<void> = async () => undefined,
): Promise<Response> {
  await rowById(page, r, id).waitFor(WAIT);
  await clickRowAction(rowById(page, r, id), label(r, name));
  const modal = dialog(page);
  await modal.getByTestId('run-action').waitFor(WAIT);
  await fill(modal);
  const response = await answerTo(page, `/${call}`, () => modal.getByRole('button', { name: label(r, name), exact: true }).click());
  expect(response.status(), await response.text()).toBe(200);
  await toast(page, say(`resources.Task.messages.${message}`))
    .first()
    .waitFor(WAIT);
  return response;
}

/** Fills in a task action's comment. */
export const comment = (text: string) => async (modal: Locator) => {
  await modal.getByLabel(say('resources.Task.fields.comment')).fill(text);
};
