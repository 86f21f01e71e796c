import { timings } from '@pd/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../components/toast-provider';
import { copyToClipboard } from './copy-to-clipboard';
import { recordEvent } from '../../offline/record-event';

export const copyMessages = {
  copied: 'Copied to clipboard',
  copiedText: 'Replace the [bracketed placeholders] before you send it.',
  failed: 'Copy failed',
  failedText: 'Unable to copy to clipboard. Please try again.',
} as const;

/**
 * Copies a prompt's text: `copied` is true for 2 s afterwards (the check icon, spec section 4), and
 * a toast says whether it worked (spec sections 8 and 9).
 */
export function useCopyPrompt(
  text: string,
  promptId: string,
): { copied: boolean; copy: () => Promise<void> } {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    try {
      await copyToClipboard(text);
    } catch {
      clearTimeout(timer.current);
      setCopied(false);
      toast({ variant: 'error', title: copyMessages.failed, description: copyMessages.failedText });
      return;
    }
    setCopied(true);
    void recordEvent('prompt_copy', { promptId });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), timings.copiedIndicatorMs);
    toast({ variant: 'success', title: copyMessages.copied, description: copyMessages.copiedText });
  }, [text, promptId, toast]);

  return { copied, copy };
}
