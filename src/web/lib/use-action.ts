import { useCallback, useState } from 'react';

type ActionState<R> =
  | { status: 'idle' | 'pending'; data?: undefined; error: null }
  | { status: 'success'; data: R; error: null }
  | { status: 'error'; data?: undefined; error: unknown };

const idle = { status: 'idle', error: null } as const;

/**
 * One request a button sends (a POST), with the part of TanStack Query's useMutation the family forms
 * use: mutate(input, { onSuccess }), reset, isIdle/isPending, error. The family session's forms are on
 * /booking, /loyalty and /my-bookings; this keeps TanStack's mutation code (2 KB gzip) out of those
 * pages' first visit (docs/decisions/014). `run` and `onSuccess` must keep their identity (useCallback)
 * for `mutate` to keep its own. A call still running when another starts: the latter's answer wins.
 */
export function useAction<V, R>(run: (input: V) => Promise<R>, onSuccess?: (result: R) => void) {
  const [state, setState] = useState<ActionState<R>>(idle);
  const mutate = useCallback(
    (input: V, options?: { onSuccess?: (result: R) => void }) => {
      setState({ status: 'pending', error: null });
      run(input).then(
        (data) => {
          setState({ status: 'success', data, error: null });
          onSuccess?.(data);
          options?.onSuccess?.(data);
        },
        (error: unknown) => setState({ status: 'error', error }),
      );
    },
    [run, onSuccess],
  );
  const reset = useCallback(() => setState(idle), []);
  return {
    mutate,
    reset,
    data: state.data,
    error: state.error,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}
