import DownloadIcon from '@mui/icons-material/Download';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { certificateMessages } from '@pd/domain';
import { useToast } from '../../components/toast-provider';
import { recordEvent } from '../../offline/record-event';
import { useCertificateExists, useDownloadCertificate } from './api/certificate-file';
import { useGenerateCertificate } from './api/generate-certificate';

export interface CertificateActionsProps {
  courseSlug: string;
  /** The buttons show only for a completed course. */
  isComplete: boolean;
}

/**
 * 'Generate Certificate', then 'Download Certificate' once one exists (checked with HEAD), with the
 * toasts of spec sections 4 and 8.
 */
export function CertificateActions({ courseSlug, isComplete }: CertificateActionsProps) {
  const toast = useToast();
  const exists = useCertificateExists(courseSlug, isComplete);
  const generate = useGenerateCertificate(courseSlug, {
    onGenerated: () =>
      toast({
        variant: 'success',
        title: 'Certificate Generated!',
        description: 'Your certificate is ready for download.',
      }),
    onFailed: () =>
      toast({ variant: 'error', title: 'Error', description: certificateMessages.generateFailed }),
  });
  const download = useDownloadCertificate(courseSlug, {
    onDownloaded: () =>
      toast({
        variant: 'success',
        title: 'Certificate Downloaded!',
        description: 'Check your downloads folder for the certificate.',
      }),
    onFailed: () =>
      toast({ variant: 'error', title: 'Error', description: certificateMessages.downloadFailed }),
  });

  if (!isComplete) return null;
  if (exists.isPending) return <Skeleton variant="rounded" width={200} height={42} aria-hidden="true" />;

  if (exists.data) {
    return (
      <Button
        variant="contained"
        color="success"
        startIcon={<DownloadIcon />}
        disabled={download.isPending}
        onClick={() => {
          void recordEvent('certificate_download', { courseSlug });
          download.mutate();
        }}
      >
        {download.isPending ? 'Downloading...' : 'Download Certificate'}
      </Button>
    );
  }

  return (
    <Button
      variant="contained"
      color="success"
      startIcon={<WorkspacePremiumIcon />}
      disabled={generate.isPending}
      onClick={() => generate.mutate()}
    >
      {generate.isPending ? 'Generating...' : 'Generate Certificate'}
    </Button>
  );
}
