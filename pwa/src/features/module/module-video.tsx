import WifiOffIcon from '@mui/icons-material/WifiOff';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useOnline } from '../../lib/use-online';

export interface ModuleVideoProps {
  url: string;
  title: string;
  /** The frame loaded while online: counts as video progress. */
  onLoaded: () => void;
}

/** The module's embedded video in a 16:9 frame; embeds need the network, so offline it says so. */
export function ModuleVideo({ url, title, onLoaded }: ModuleVideoProps) {
  const online = useOnline();
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '16 / 9',
          bgcolor: 'grey.900',
          borderRadius: 2,
          overflow: 'hidden',
        }}
      >
        {online ? (
          <Box
            component="iframe"
            src={url}
            title={`Video: ${title}`}
            loading="lazy"
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            onLoad={() => {
              if (navigator.onLine) onLoaded();
            }}
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        ) : (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              color: 'common.white',
              textAlign: 'center',
              p: 2,
            }}
          >
            <WifiOffIcon aria-hidden="true" />
            <Typography role="status">You are offline. Videos play when you are online.</Typography>
          </Box>
        )}
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Videos play when you are online.
      </Typography>
    </Box>
  );
}
