import CancelIcon from '@mui/icons-material/Cancel';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CertificateVerification } from '@pd/domain';
import { useParams, Link as RouterLink } from 'react-router-dom';
import { paths, providerIdsLine } from '@pd/domain';
import { QueryStatus } from '../../components/query-status';
import { usePageTitle } from '../../lib/use-page-title';
import { useCertificateVerification } from './api/verify-certificate';

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The public page the certificate's QR code opens: valid or not, and the certificate's own facts only. */
export function CertificateVerifyPage() {
  usePageTitle('Certificate Verification');
  const { id = '' } = useParams();
  const verification = useCertificateVerification(id);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          Certificate Verification
        </Typography>
        <QueryStatus query={verification} subject="the certificate" />
        {verification.data?.valid === true && <ValidCertificate id={id} certificate={verification.data} />}
        {verification.data?.valid === false && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }} role="status">
            <CancelIcon color="error" aria-hidden="true" sx={{ mt: 0.25 }} />
            <Box>
              <Typography sx={{ fontWeight: 700 }}>Not a valid certificate</Typography>
              <Typography color="text.secondary">We could not find a certificate with this ID.</Typography>
            </Box>
          </Stack>
        )}
        <Link component={RouterLink} to={paths.home()} sx={{ display: 'inline-block', mt: 4 }}>
          Go to the course catalogue
        </Link>
      </Paper>
    </Box>
  );
}

function ValidCertificate({ id, certificate }: { id: string; certificate: CertificateVerification }) {
  const facts: Array<[string, string]> = [
    ['Teacher', certificate.teacherName],
    ['Course', certificate.courseTitle],
    ['Completed on', formatDate(certificate.completedAt)],
    ['Professional development', certificate.pdHours],
    ['Issued by', certificate.issuer],
    // The provider's approval numbers (PD_PROVIDER_IDS: issue 28 part 3), when it has any.
    ...(certificate.providerIds?.length
      ? [
          [
            'Approved provider',
            providerIdsLine({ name: certificate.issuer, ids: certificate.providerIds }),
          ] as [string, string],
        ]
      : []),
    ['Issued on', formatDate(certificate.issuedAt)],
    ['Certificate ID', id],
  ];
  return (
    <>
      <Stack
        direction="row"
        spacing={1.5}
        role="status"
        sx={{
          alignItems: 'center',
          bgcolor: '#f0fdf4',
          border: 1,
          borderColor: '#86efac',
          borderRadius: 2,
          p: 2,
          mb: 3,
        }}
      >
        <VerifiedIcon sx={{ color: 'success.main', fontSize: 32 }} aria-hidden="true" />
        <Box>
          <Typography sx={{ fontWeight: 800, color: 'success.main' }}>Valid certificate</Typography>
          <Typography variant="body2" color="text.secondary">
            This certificate of completion was issued by {certificate.issuer}.
          </Typography>
        </Box>
      </Stack>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 200px) minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1.5 },
          '& dt': { color: 'text.secondary', fontWeight: 600 },
          '& dd': { m: 0, mb: { xs: 1.5, sm: 0 }, overflowWrap: 'anywhere' },
        }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt">{term}</Typography>
            {/* Isolated: a right-to-left name does not reorder the text around it (issue 17). */}
            <Typography component="dd">
              <bdi>{value}</bdi>
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}
