import { createTheme, responsiveFontSizes } from '@mui/material/styles';
import { timings } from '@pd/domain';

const systemFont = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

/**
 * The app theme. Every colour pair used for text passes WCAG AA (4.5:1) on white and on the
 * page background: primary #1d4ed8 (6.7:1), secondary #6d28d9 (7.1:1), success #15803d (5.0:1),
 * error #b91c1c (6.5:1), warning #b45309 (5.0:1), info #0369a1 (5.9:1), secondary text #475569 (7.6:1).
 */
export const theme = responsiveFontSizes(
  createTheme({
    palette: {
      mode: 'light',
      primary: { main: '#1d4ed8', dark: '#1e3a8a', light: '#3b82f6', contrastText: '#ffffff' },
      secondary: { main: '#6d28d9', contrastText: '#ffffff' },
      success: { main: '#15803d', contrastText: '#ffffff' },
      error: { main: '#b91c1c', contrastText: '#ffffff' },
      warning: { main: '#b45309', contrastText: '#ffffff' },
      info: { main: '#0369a1', contrastText: '#ffffff' },
      background: { default: '#f8fafc', paper: '#ffffff' },
      text: { primary: '#0f172a', secondary: '#475569' },
      divider: '#e2e8f0',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: systemFont,
      h1: { fontWeight: 800 },
      h2: { fontWeight: 800 },
      h3: { fontWeight: 800, letterSpacing: '-0.02em' },
      h4: { fontWeight: 750, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 650 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTooltip: {
        defaultProps: {
          enterDelay: timings.tooltipEnterDelayMs,
          enterNextDelay: timings.tooltipSkipDelayMs,
          arrow: true,
        },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiTextField: { defaultProps: { variant: 'outlined' } },
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': { outlineOffset: 2 },
        },
      },
    },
  }),
);
