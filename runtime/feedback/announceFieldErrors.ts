/**
 * Field messages of every Ant Design form are announced to screen readers. antd marks an input
 * with a message aria-invalid and describes it by the field's message list (`<id>_help`), but
 * gives the list no live role; one observer, installed at start, makes each error message an
 * alert as it appears, for all forms at once (the record form renders its own alerts). Kept
 * this small because the sign-in page's first download carries it.
 */
export function installFieldErrorAnnouncer(): void {
  // A live list: the browser keeps it current, reading it costs nothing while no form shows an error.
  const messages = document.getElementsByClassName('ant-form-item-explain-error');
  new MutationObserver(() => {
    for (const message of messages) if (!message.hasAttribute('role')) message.setAttribute('role', 'alert');
  }).observe(document.body, { childList: true, subtree: true });
}
