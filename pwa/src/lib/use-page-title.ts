import { brand } from '@pd/domain';
import { useEffect } from 'react';

/** Sets the document title of a page: "{page} | {product}". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${brand.productName}` : brand.productName;
  }, [title]);
}
