import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

/** A titled box of benefits, each with a check mark (the premium wall, the payment success page). */
export function BenefitsBox({
  title,
  benefits,
  textAlign,
}: {
  title: string;
  benefits: readonly string[];
  textAlign?: 'left';
}) {
  return (
    <Box sx={{ bgcolor: 'grey.50', borderRadius: 2, p: 2, my: 3, textAlign }}>
      <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <List dense disablePadding>
        {benefits.map((benefit) => (
          <ListItem key={benefit} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" />
            </ListItemIcon>
            <ListItemText primary={benefit} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
