import { useEffect, useState } from 'react';
import { FORM_LABEL_TOP_BREAKPOINT_PX } from '../constants/spec.ts';

/** Form labels go on top when the window is under 700 px (spec 2). */
export function useFormLayout(): 'horizontal' | 'vertical' {
  const query = `(max-width: ${FORM_LABEL_TOP_BREAKPOINT_PX - 0.02}px)`;
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return narrow ? 'vertical' : 'horizontal';
}
