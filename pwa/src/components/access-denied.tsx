import { adminMessages, paths } from '@pd/domain';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useToast } from './toast-provider';

/**
 * The super admin's pages for anyone else (spec section 2): sent home with the Access Denied toast,
 * its text saying why. One screen for /admin, /admin/analytics and /analytics-test (issue 26).
 */
export function AccessDeniedHome() {
  const toast = useToast();
  useEffect(() => {
    toast({
      title: adminMessages.accessDenied,
      description: adminMessages.accessDeniedText,
      variant: 'error',
    });
  }, [toast]);
  return <Navigate to={paths.home()} replace />;
}
