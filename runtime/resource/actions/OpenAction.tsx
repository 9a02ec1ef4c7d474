/** The generic action of an `open` section: goes to its route for the row (openRoute.ts), with no dialog. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActionComponentProps } from '../extensions.ts';
import { openPath } from '../openRoute.ts';

export default function OpenAction({ action, records, onClose }: Pick<ActionComponentProps, 'action' | 'records' | 'onClose'>) {
  const navigate = useNavigate();
  const path = action.open ? openPath(action.open, records[0]) : undefined;
  useEffect(() => {
    onClose(false);
    if (path) void navigate(path);
  }, [path, navigate, onClose]);
  return null;
}
