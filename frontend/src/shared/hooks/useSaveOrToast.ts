import { useCallback } from 'react';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';

/**
 * Awaits an admin save: resolves its result, or toasts `failureTitle` with the server's reason
 * and resolves undefined, so a form only says what happens when the save worked.
 */
export function useSaveOrToast() {
  const toast = useToast();
  return useCallback(
    async <T>(save: Promise<T>, failureTitle: string): Promise<T | undefined> => {
      try {
        return await save;
      } catch (error) {
        toast({
          title: failureTitle,
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
        return undefined;
      }
    },
    [toast],
  );
}
