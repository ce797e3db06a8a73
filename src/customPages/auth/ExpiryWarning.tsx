import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { useTranslate } from 'react-admin';
import { useSessionExpiry } from '@/authProvider';
import { SignInAgainDialog } from './SignInAgainDialog';

/**
 * docs/security.md, the expiry warning: in body, above the page's dialogs (the snackbar layer is over the modal one),
 * so it can be reached while a dialog is open; the page underneath stays mounted.
 */
export const ExpiryWarning = () => {
  const translate = useTranslate();
  const msLeft = useSessionExpiry();
  const [signingIn, setSigningIn] = useState(false);
  const minutes = Math.ceil((msLeft ?? 0) / 60_000);
  const [node, setNode] = useState<HTMLDivElement | null>(null);

  // MUI's modal manager hides the rest of body from screen readers; the warning concerns the whole portal.
  useEffect(() => {
    if (!node || signingIn) return;
    const show = () => node.removeAttribute('aria-hidden');
    show();
    const observer = new MutationObserver(show);
    observer.observe(node, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [node, signingIn]);

  return (
    <>
      <Portal>
        {/* bottom left, where it covers neither the page's title nor its top bar, nor react-admin's notices (bottom centre) */}
        <Snackbar ref={setNode} open={msLeft !== null} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
          <Alert
            severity="warning"
            variant="filled"
            role="status"
            action={
              <Button color="inherit" size="small" onClick={() => setSigningIn(true)}>
                {translate('app.sessionExpiry.signInAgain')}
              </Button>
            }
          >
            {minutes > 0 ? translate('app.sessionExpiry.warning', { smart_count: minutes }) : translate('app.auth.sessionExpired')}
          </Alert>
        </Snackbar>
      </Portal>
      {signingIn && <SignInAgainDialog onClose={() => setSigningIn(false)} />}
    </>
  );
};
