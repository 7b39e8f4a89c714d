import { useCallback, useState } from 'react';

/**
 * The profile's children ticked as coming on "Who's coming?" (kept with the pending booking when coming back
 * from /payment), and the message when they cannot all come: it takes the focus to the list.
 */
export function useTickedChildren(saved: string[] | undefined) {
  const [childIds, setChildIds] = useState<string[]>(() => saved ?? []);
  const [childrenError, setChildrenError] = useState('');
  const onTicked = useCallback((ids: string[]) => {
    setChildIds(ids);
    setChildrenError('');
  }, []);
  const refuseChildren = useCallback((message: string) => {
    setChildrenError(message);
    document.getElementById('whos-coming')?.focus();
  }, []);
  return { childIds, childrenError, setChildrenError, onTicked, refuseChildren };
}
